#!/bin/sh
# The compiler wrapper links the libraries of loop.to_library calls:
#
#   test/wrapper-library.sh SCHEDCC-CC SCHEDCC
#
# A kernel that becomes a cblas_sgemm call (mm.sched beside mm.c) and one
# that becomes a libxsmm kernel (xm.c, xm.sched) are built
#  - in one step (`schedcc-cc mm.c -o prog`): the wrapper adds the flags of
#    the transformed file's `/* schedcc-link: ... */` comment;
#  - with -c, then a link of the objects alone through the wrapper: the
#    object carries the flags in its `.schedcc.link` section;
#  - from `schedcc -c` (the LLVM backend's object), linked by the wrapper;
# and each program prints what the untransformed program prints (the
# values are small integers: exact in any summation order).  The same
# objects linked by the real compiler without the flags do not link: the
# flags were needed.
set -eu
wrapper=$1 schedcc=$2
case $wrapper in /*) ;; *) wrapper=$PWD/$wrapper ;; esac
case $schedcc in /*) ;; *) schedcc=$PWD/$schedcc ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-wraplib.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/t"
export SCHEDCC="$schedcc" TMPDIR="$tmp/t"
cd "$tmp"
for lib in cblas libxsmm; do
  n=mm; [ $lib = libxsmm ] && n=xm
  cat >$n.c <<'C'
#include <stdio.h>
#pragma schedcc kernel
void mm_kernel(float A[24][20], float B[20][16], float C[24][16]) {
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 20; k++)
        C[i][j] += A[i][k] * B[k][j];
}
static float A[24][20], B[20][16], C[24][16];
int main(void) {
  for (int i = 0; i < 24; i++)
    for (int k = 0; k < 20; k++)
      A[i][k] = (float)((i + 2 * k) % 5 - 2);
  for (int k = 0; k < 20; k++)
    for (int j = 0; j < 16; j++)
      B[k][j] = (float)((3 * k + j) % 7 - 3);
  mm_kernel(A, B, C);
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 16; j++)
      printf("%g\n", (double)C[i][j]);
  return 0;
}
C
  printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  loop.to_library %%i "%s"\n}\n' $lib >$n.sched
  cc -Wno-unknown-pragmas $n.c -o $n.plain
  ./$n.plain >$n.want
  "$wrapper" -O2 $n.c -o $n.one || fail "$lib: one-step build"
  ./$n.one >$n.got1
  cmp -s $n.want $n.got1 || fail "$lib: the one-step build prints something else"
  "$wrapper" -O2 -c $n.c -o $n.o || fail "$lib: -c"
  grep -aq "schedcc-link:" $n.o || fail "$lib: the object has no .schedcc.link text"
  if cc $n.o -o $n.bare 2>/dev/null; then
    fail "$lib: the object links without the library (no call was made?)"
  fi
  "$wrapper" $n.o -o $n.two || fail "$lib: link of the object through the wrapper"
  ./$n.two >$n.got2
  cmp -s $n.want $n.got2 || fail "$lib: the -c build prints something else"
  "$schedcc" $n.c -s $n.sched -c -o $n.llvm.o 2>/dev/null || fail "$lib: schedcc -c"
  "$wrapper" $n.llvm.o -o $n.three || fail "$lib: link of schedcc -c's object"
  ./$n.three >$n.got3
  cmp -s $n.want $n.got3 || fail "$lib: the schedcc -c build prints something else"
  echo "ok: $lib: one-step, -c then link, schedcc -c then link"
done
[ -z "$(ls "$tmp/t")" ] || fail "temporaries left: $(ls "$tmp/t")"
