/* loop.transpose_block's edges at the limits of the ivs' types: unsigned
 * char ivs up to 250 (an edge loop stepping by 16 past its bound would
 * wrap to 0 and never end), int ivs ending at INT_MAX (the step would
 * overflow; counted in long long), long ivs ending at LONG_MAX (no wider
 * type: the edges there run the scalar remainder) and size_t ivs (the
 * common signature; the output must build with -Wall -Wextra -Werror).
 * Every call is free of undefined behaviour in the original.  tr_long's
 * arrays are restrict: the run-time overlap test of unqualified ones forms
 * 257 * hi, which overflows at LONG_MAX (the alias check's own limit, not
 * this test's subject).
 * diff.sh: trap signed overflow (no part of a transformed expression may
 * pass the limits of int where the original's did not). */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

enum { N = 256 };
static float A[N][N], B[N][N];

#pragma schedcc kernel
void tr_uc(unsigned char m, unsigned char n, float a[N][N], float b[N][N]) {
  for (unsigned char i = 0; i < m; i++)
    for (unsigned char j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

#pragma schedcc kernel
void tr_max(int lo, int hi, int lo2, int hi2, float a[N][N], float b[N][N]) {
  for (int i = lo; i < hi; i++)
    for (int j = lo2; j < hi2; j++)
      b[j - lo2][i - lo] = a[i - lo][j - lo2];
}

#pragma schedcc kernel
void tr_long(long lo, long hi, float a[restrict N][N], float b[restrict N][N]) {
  for (long i = lo; i < hi; i++)
    for (long j = lo; j < hi; j++)
      b[j - lo][i - lo] = a[i - lo][j - lo];
}

#pragma schedcc kernel
void tr_size(size_t m, size_t n, float a[N][N], float b[N][N]) {
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

static unsigned long sum(void) {
  unsigned long h = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long)(long)(B[j][i] * 4.0f);
  return h;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (float)(i * N + j) + 0.25f;
  static const int ucs[][2] = {{250, 250}, {255, 255}, {249, 7},
                               {7, 255},   {240, 250}, {0, 3}};
  for (unsigned q = 0; q < sizeof ucs / sizeof *ucs; q++) {
    for (int k = 0; k < N * N; k++)
      B[k / N][k % N] = -1.0f;
    tr_uc((unsigned char)ucs[q][0], (unsigned char)ucs[q][1], A, B);
    printf("uc %d %d %lu\n", ucs[q][0], ucs[q][1], sum());
  }
  static const int ext[] = {40, 37, 21, 16, 7, 1, 0};
  for (unsigned p = 0; p < sizeof ext / sizeof *ext; p++)
    for (unsigned q = 0; q < sizeof ext / sizeof *ext; q++) {
      for (int k = 0; k < N * N; k++)
        B[k / N][k % N] = -1.0f;
      tr_max(INT_MAX - ext[p], INT_MAX, INT_MAX - ext[q], INT_MAX, A, B);
      printf("max %d %d %lu\n", ext[p], ext[q], sum());
    }
  for (unsigned p = 0; p < sizeof ext / sizeof *ext; p++) {
    for (int k = 0; k < N * N; k++)
      B[k / N][k % N] = -1.0f;
    tr_long(LONG_MAX - ext[p], LONG_MAX, A, B);
    printf("long %d %lu\n", ext[p], sum());
    for (int k = 0; k < N * N; k++)
      B[k / N][k % N] = -1.0f;
    tr_size((size_t)(200 + ext[p]), (size_t)(250 - ext[p]), A, B);
    printf("size %d %lu\n", ext[p], sum());
  }
  return 0;
}
