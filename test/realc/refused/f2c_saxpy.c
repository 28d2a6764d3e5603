// REFUSED (f2c-translated reference BLAS: '--sx;' 1-based pointers, '*n' scalars through pointers, int return): unsupported in a kernel: assignment target; unsupported in a kernel: pointer dereference; unsupported in a kernel: 'return'; unsupported in a kernel: loop bound depending on 'i__1', which the kernel writes
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
