/* loop.vectorize of a loop whose induction variable is read after it (a
 * fuzzer find, seed 31337 kernel 7): with AVX-512 the remainder would be a
 * masked vector iteration stepping past n, so the vectorized loop gets a
 * scalar remainder loop instead, and i ends at n (37 = 2 x 16 + 5) as in
 * the original. */
#include <stdio.h>
#define N 37
static float B[N], C[N];
#pragma schedcc kernel
static void kern(int n, float B[N], const float C[N], float r[1]) {
  int i;
  for (i = 0; i < n; i++)
    B[i] += C[i] * 0.5f + 1.0f;
  r[0] = (float)i;
}
int main(void) {
  float r[1];
  for (int k = 0; k < N; k++)
    B[k] = (float)k, C[k] = (float)(3 * k % 7);
  kern(N, B, C, r);
  printf("i = %g\n", r[0]);
  for (int k = 0; k < N; k++)
    printf("%g\n", B[k]);
  return 0;
}
