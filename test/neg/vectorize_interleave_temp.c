/* {interleave = K} copies the vector body with its own accumulators; a
 * temporary (t, assigned then read in each iteration) is refused. */
void scaled_sum(int n, float x[n], float out[1]) {
  float s = 0.0f, t;
#pragma scop
  for (int i = 0; i < n; i++) {
    t = x[i] * 2.0f;
    s += t;
  }
#pragma endscop
  out[0] = s;
}
