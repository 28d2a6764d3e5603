#!/bin/sh
# The compiler wrapper on single commands (test/wrapper.sh builds a whole
# project):
#
#   test/wrapper-cases.sh SCHEDCC-CC SCHEDCC
#
# Checks, each against the real compiler without the wrapper:
#  - one-step compile-and-link (`schedcc-cc prog.c -o prog`, two sources,
#    make's built-in rule `make prog`) schedules the file with kernels;
#  - GCC-only flags (-fvar-tracking-assignments, -fopt-info-vec,
#    -fno-tree-loop-distribute-patterns, -Wno-maybe-uninitialized) reach
#    the real compiler, and do not break schedcc's libclang parse, which
#    gets the -f and -W flags too (clang ignores those it does not know),
#    then -w;
#  - lines after a regenerated kernel keep their numbers (__LINE__ and a
#    warning's location);
#  - the source's directory is searched before the user's -iquote for
#    "..." includes;
#  - -Wp,-MD,k.d writes a dependency file that names the source and the
#    schedule, not the temporary;
#  - no temporary is left behind.
set -eu
wrapper=$1 schedcc=$2
case $wrapper in /*) ;; *) wrapper=$PWD/$wrapper ;; esac
case $schedcc in /*) ;; *) schedcc=$PWD/$schedcc ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-wrapcases.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/src" "$tmp/src/q" "$tmp/t" "$tmp/out"
export SCHEDCC="$schedcc" TMPDIR="$tmp/t"
src=$tmp/src
# A kernel whose schedule makes the regenerated code longer than the
# source (unroll by 4), a quoted include that a user -iquote directory
# shadows, and __LINE__ and an unused variable after the kernel.
cat >"$src/prog.c" <<'C'
#include <stdio.h>
#include "hdr.h"
#pragma schedcc kernel
void scale(int n, double *a) {
  for (int i = 0; i < n; i++)
    a[i] = 2 * a[i];
}
int helper(void);
int main(void) {
  double a[10];
  for (int i = 0; i < 10; i++)
    a[i] = i;
  scale(10, a);
  int unused_after_kernel;
  printf("%g %d line %d helper %d\n", a[9], WHICH, __LINE__, helper());
  return 0;
}
C
printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  loop.unroll %%i {factor = 4}\n}\n' >"$src/prog.sched"
echo '#define WHICH 1' >"$src/hdr.h"
echo '#define WHICH 2' >"$src/q/hdr.h"
printf 'int helper(void) { return 3; }\n' >"$src/helper.c"
cd "$tmp/out"
cc "$src/prog.c" "$src/helper.c" -o plain
./plain >plain.out
grep -q "^18 1 line 15 helper 3$" plain.out || { cat plain.out; fail "the plain build prints something else"; }

# (a) one-step builds schedule the file with kernels
SCHEDCC_VERBOSE=1 "$wrapper" "$src/prog.c" "$src/helper.c" -O1 -o two 2>two.log ||
  { cat two.log; fail "schedcc-cc prog.c helper.c -o two failed"; }
grep -q "schedcc $src/prog.c -s $src/prog.sched" two.log ||
  { cat two.log; fail "one-step build: prog.c was not scheduled"; }
if grep -q "schedcc $src/helper.c" two.log; then fail "helper.c (no kernels) went through schedcc"; fi
./two >two.out
cmp -s plain.out two.out || { diff plain.out two.out; fail "one-step build computes differently"; }
cat "$src/prog.c" "$src/helper.c" >"$tmp/one.c"
cp "$src/prog.sched" "$tmp/one.sched"
cp "$src/hdr.h" "$tmp/hdr.h"
SCHEDCC_VERBOSE=1 "$wrapper" "$tmp/one.c" -o one 2>one.log || { cat one.log; fail "schedcc-cc one.c -o one failed"; }
grep -q "schedcc $tmp/one.c -s $tmp/one.sched" one.log || { cat one.log; fail "one.c was not scheduled"; }
./one | grep -q "^18 1 line 15 helper 3$" || fail "one.c computes differently"
mkdir "$tmp/mk" && cp "$tmp/one.c" "$tmp/one.sched" "$tmp/hdr.h" "$tmp/mk/"
(cd "$tmp/mk" && SCHEDCC_VERBOSE=1 make -s CC="$wrapper" one) >mk.log 2>&1 ||
  { cat mk.log; fail "make one (built-in rule) failed"; }
grep -q "schedcc one.c -s one.sched" mk.log || { cat mk.log; fail "make's built-in rule did not schedule one.c"; }
"$tmp/mk/one" | grep -q "^18 1 line 15 helper 3$" || fail "make one computes differently"
[ "$(ls -A "$tmp/mk" | LC_ALL=C sort | tr '\n' ' ')" = "hdr.h one one.c one.sched " ] ||
  { ls -A "$tmp/mk"; fail "files appeared next to one.c"; }

# (b) GCC-only flags reach the real compiler; the parse does without them
if command -v gcc >/dev/null 2>&1; then
  SCHEDCC_CC=gcc SCHEDCC_VERBOSE=1 "$wrapper" -c "$src/prog.c" -o gflags.o -O2 \
    -fvar-tracking-assignments -fopt-info-vec -fno-tree-loop-distribute-patterns \
    -Wno-maybe-uninitialized -DEXTRA=1 -std=gnu17 2>gflags.log ||
    { cat gflags.log; fail "GCC-only flags broke the compile"; }
  line=$(grep "schedcc $src/prog.c" gflags.log)
  if grep -q "unknown argument" gflags.log; then
    cat gflags.log; fail "schedcc warned about GCC-only flags under the wrapper's -w"
  fi
  case $line in
  *"--cc=gcc -- -O2 -fvar-tracking-assignments -fopt-info-vec"*"-Wno-maybe-uninitialized -DEXTRA=1 -std=gnu17 -w") ;;
  *) fail "parse flags missing from schedcc's command: $line" ;;
  esac
  grep -q "gcc -iquote $src .*-fvar-tracking-assignments" gflags.log ||
    { cat gflags.log; fail "the real compiler did not get every flag"; }
fi

# (c) lines after a regenerated kernel keep their numbers; (d) the
# source's directory comes before the user's -iquote
"$wrapper" -c "$src/prog.c" -o p.o -Wall -iquote "$src/q" 2>warn.log ||
  { cat warn.log; fail "compile with -iquote failed"; }
grep -q "$src/prog.c:14:[0-9]*: warning: unused variable" warn.log ||
  { cat warn.log; fail "the warning after the kernel is not at prog.c:14"; }
cc -c "$src/helper.c" -o h.o
cc p.o h.o -o pq
./pq >pq.out
cmp -s plain.out pq.out || { diff plain.out pq.out; fail "__LINE__ or the -iquote order differ from the plain build"; }

# (e) -Wp,-MD,k.d
"$wrapper" -c "$src/prog.c" -o wp.o -Wp,-MD,wp.d || fail "-Wp,-MD,wp.d failed"
grep -q "$src/prog.c" wp.d || { cat wp.d; fail "wp.d does not name prog.c"; }
grep -q "$src/prog.sched" wp.d || { cat wp.d; fail "wp.d does not list the schedule"; }
if grep -q "schedcc-cc\." wp.d; then fail "wp.d names a temporary"; fi

[ -z "$(ls -A "$tmp/t")" ] || { ls -A "$tmp/t"; fail "temporaries left in TMPDIR"; }
echo "ok: one-step builds, GCC-only flags, line numbers, -iquote order, -Wp,-MD"
