/* realc.h: the drivers' shared helpers (not a kernel): a small fixed LCG
 * whose values are multiples of 1/4 in [-2, 2], so that the sums and
 * products of the kernels stay exact in float, and printers. */
#ifndef REALC_H
#define REALC_H
#include <stdio.h>

static unsigned realc_seed = 12345u;
static inline unsigned realc_next_u(void) {
  realc_seed = realc_seed * 1103515245u + 12345u;
  return realc_seed >> 16;
}
/* a multiple of 1/4 in [-2, 2] */
static inline float realc_next(void) {
  return (float)(realc_next_u() % 17) / 4.0f - 2.0f;
}
/* a multiple of 1/4 in [lo/4, (lo + span - 1)/4] */
static inline float realc_next_in(int lo, int span) {
  return (float)(lo + (int)(realc_next_u() % (unsigned)span)) / 4.0f;
}
static inline void realc_fill(float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = realc_next();
}
static inline void realc_filld(double *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = (double)realc_next();
}
static inline void realc_print(const char *what, const float *a, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++)
    printf(" %.9g", a[i]);
  printf("\n");
}
static inline void realc_printd(const char *what, const double *a, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++)
    printf(" %.17g", a[i]);
  printf("\n");
}
#endif
