/* Proves which version of a versioned kernel runs.  The dot product is
 * vectorized with reassociation (8 lanes), which here changes the result:
 * the values are chosen so that the scalar order gives 7 (1e8 absorbs
 * every 1 added to it) and the 8 lane sums give 14.  So the printed value
 * says which code ran: 14 when 'out' overlaps neither 'x' nor 'y' (the
 * vectorized code), 7 when it does (the original loop). */
#include <stdio.h>

#pragma schedcc kernel
void dot(const float *x, const float *y, float *out, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += x[j] * y[j];
  out[0] = s;
}

int main(void) {
  float v[32], ones[64], res = -1.0f;
  for (int i = 0; i < 32; i++)
    v[i] = 1.0f;
  v[0] = 1e8f;
  v[8] = -1e8f;
  for (int i = 0; i < 64; i++)
    ones[i] = 1.0f;
  dot(v, ones, &res, 16);
  printf("separate: %g\n", res);
  dot(v, ones, ones + 40, 16); /* same buffer as y, past what it reads */
  printf("same buffer, disjoint: %g\n", ones[40]);
  dot(v, ones, v + 20, 16); /* past what x reads */
  printf("after x: %g\n", v[20]);
  dot(v, ones, v + 15, 16); /* inside x */
  printf("inside x: %g\n", v[15]);
  v[15] = 1.0f;
  dot(v, ones, ones, 16); /* out is y[0] */
  printf("out is y: %g\n", ones[0]);
  return 0;
}
