/* loop.vectorize {align}: a loop whose body touches no element that changes
 * with the loop (here only the sum t) has nothing to align. */
#pragma schedcc kernel
void count(int n, float c, float out[1]) {
  float t = 0;
  for (int i = 0; i < n; i++)
    t += c;
  out[0] = t;
}
