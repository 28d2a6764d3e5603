/* Golden (issue 24): loop.vectorize of stride -1 accesses for AVX2 —
 * durbin's update reads y[k - i - 1] (a load at y[k - i - 4], then
 * _mm256_permute4x64_pd reversing the lanes), and a float store into
 * b[n - 1 - i] (the value reversed with _mm256_permutevar8x32_ps, stored
 * at b[n - i - 8]); scalar remainders. */
void dupd(int k, double alpha, const double y[k], double z[k]) {
#pragma scop
  for (int i = 0; i < k; i++)
    z[i] = y[i] + alpha * y[k - i - 1];
#pragma endscop
}

void rstore(int n, const float a[n], float b[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    b[n - 1 - i] = a[i] * 2.0f;
#pragma endscop
}
