// REFUSED (as of the current schedcc): f2c_saxpy.c:10:5: error: unsupported in a kernel: assignment target
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
typedef int integer;
typedef float real;
#pragma schedcc kernel
int saxpy_f2c(integer *n, real *sa, real *sx, integer *incx, real *sy, integer *incy) {
  integer i__1, i__;
  --sy;
  --sx;
  if (*n <= 0) return 0;
  i__1 = *n;
  for (i__ = 1; i__ <= i__1; ++i__) {
    sy[i__] += *sa * sx[i__];
  }
  return 0;
}
