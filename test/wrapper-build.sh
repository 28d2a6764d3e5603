#!/bin/sh
# The compiler wrapper in real builds: the target, line numbers, caches,
# options (issue 10):
#
#   test/wrapper-build.sh SCHEDCC-CC SCHEDCC [PART...]
#
# Parts (all by default):
#  isa     a llama2.c-style project (Makefile with -O3, no -march, a matmul
#          kernel with an `isa = "avx512"` schedule) builds with `make
#          CC=schedcc-cc` for gcc and clang-19 (SCHEDCC_CC), with the
#          warning that the program needs AVX-512, and prints what the
#          plain build prints (the run is skipped when the CPU lacks
#          AVX-512F); a schedule without `isa` follows the flags: no -march
#          gives no intrinsics, -mavx2 -mfma gives AVX2 ones, and no
#          warning then.
#  lines   the compiler's diagnostics inside a regenerated kernel point at
#          the generated line (schedcc --line-markers -o out.c: out.c's
#          line holding the code; through the wrapper with -Werror: the
#          kept transformed file, whose name the wrapper prints), and after
#          the kernel at the source's own line.
#  ccache  CC="ccache schedcc-cc", SCHEDCC_CC="ccache gcc" and CMake's
#          -DCMAKE_C_COMPILER_LAUNCHER=ccache: an identical rebuild is a
#          cache hit; editing the schedule (unroll 8 -> 4) gives a new
#          object (counted scalar float adds change).  ccache is installed
#          (apt-get) when missing; skipped when that is impossible.
#  flags   SCHEDCC_FLAGS reaches schedcc (--unsafe: its warning);
#          SCHEDCC_REMARKS=1 passes --remarks; -MD in a one-step
#          compile-and-link writes a dependency file that lists the
#          schedule.
#  gccwarn a file that gcc 12 compiles with warnings and clang 19 refuses
#          (a call to an undeclared function, an implicit int) builds
#          through the wrapper with SCHEDCC_CC=gcc (schedcc runs with
#          --cc=gcc) and runs as the plain gcc build does; the user's
#          -Werror=implicit-function-declaration still fails it; with
#          clang-19 as the real compiler it fails as clang does, unless
#          -Wno-error=... is in the flags (they reach libclang); the CLI
#          prints clang's warnings and goes on with -Wno-error=... after
#          '--' or --cc=gcc.
#  nofma   -mavx2 alone gives AVX2 intrinsics without fused multiply-adds
#          (a note says so at loop.vectorize {contract}); -mavx2 -mfma and
#          -march=haswell give _mm256_fmadd_ps; the -mavx2 output builds
#          with gcc -mavx2 (no -mfma) -O2 -Wall -Wextra -Werror, through
#          the wrapper too, and prints what the plain build prints (the
#          run is skipped when the CPU lacks AVX2).
set -eu
wrapper=$1 schedcc=$2
shift 2
parts=${*:-isa lines ccache flags gccwarn nofma}
case $wrapper in /*) ;; *) wrapper=$PWD/$wrapper ;; esac
case $schedcc in /*) ;; *) schedcc=$PWD/$schedcc ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-wrapbuild.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/t"
export SCHEDCC="$schedcc" TMPDIR="$tmp/t"
unset SCHEDCC_FLAGS SCHEDCC_REMARKS SCHEDCC_FALLBACK SCHEDCC_VERBOSE SCHEDCC_CC

# A llama2.c-style source: matmul(xout, x, w, n, d), W (d,n) @ x (n,).
write_run_c() {
  cat >"$1" <<'C'
#include <stdio.h>
#include <stdlib.h>

void matmul(float *xout, float *x, float *w, int n, int d);

#pragma schedcc kernel
void matmul(float *xout, float *x, float *w, int n, int d) {
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    xout[i] = val;
  }
}

int main(void) {
  int n = 100, d = 37;
  float *w = malloc(sizeof(float) * n * d), *x = malloc(sizeof(float) * n);
  float *o = malloc(sizeof(float) * d);
  for (int i = 0; i < n * d; i++)
    w[i] = (float)(i % 7) - 3;
  for (int j = 0; j < n; j++)
    x[j] = (float)(j % 5);
  matmul(o, x, w, n, d);
  for (int i = 0; i < d; i++)
    printf("%g\n", o[i]);
  free(w);
  free(x);
  free(o);
  return 0;
}
C
}

part_isa() {
  d=$tmp/llama
  mkdir "$d"
  write_run_c "$d/run.c"
  # Sums of small integers: exact in any order ({reassoc} is exact here).
  cat >"$d/run.sched" <<'S'
named_sequence @matmul(%root) {
  %j = match.loop "j" in %root
  loop.vectorize %j {isa = "avx512", reassoc}
}
S
  # llama2.c's Makefile: `$(CC) -O3 -o run run.c -lm`.
  printf 'CC = gcc\n\nrun: run.c\n\t$(CC) -O3 -o run run.c -lm\n' >"$d/Makefile"
  (cd "$d" && cc -O3 -o plain run.c -lm && ./plain >plain.out)
  avx512=no
  grep -qw avx512f /proc/cpuinfo 2>/dev/null && avx512=yes
  for c in gcc clang-19; do
    command -v $c >/dev/null 2>&1 || continue
    rm -f "$d/run"
    (cd "$d" && SCHEDCC_CC=$c make CC="$wrapper" >"$tmp/isa-$c.log" 2>&1) ||
      { cat "$tmp/isa-$c.log"; fail "$c: make CC=schedcc-cc of the -O3 project failed"; }
    grep -q "run.c:7:1: warning: kernel 'matmul' has avx512 vector code, which the compile flags do not enable" "$tmp/isa-$c.log" ||
      { cat "$tmp/isa-$c.log"; fail "$c: no warning that the program needs AVX-512"; }
    if [ $avx512 = yes ]; then
      (cd "$d" && ./run >run.out)
      cmp -s "$d/plain.out" "$d/run.out" || fail "$c: the scheduled program prints differently"
    else
      echo "note: the CPU lacks AVX-512F: the $c build is not run"
    fi
  done
  "$schedcc" "$d/run.c" -s "$d/run.sched" -o "$tmp/attr.c" -- -O3 2>/dev/null
  grep -q '^__attribute__((target("avx512f,avx2,fma"))) void matmul(' "$tmp/attr.c" ||
    fail "matmul has no target attribute"
  # -march that enables AVX-512: no attribute, no warning.
  "$schedcc" "$d/run.c" -s "$d/run.sched" -o "$tmp/native.c" -- -O3 -mavx512f -mfma 2>"$tmp/native.err"
  [ ! -s "$tmp/native.err" ] || { cat "$tmp/native.err"; fail "a warning although -mavx512f -mfma enable AVX-512"; }
  if grep -q "__attribute__((target" "$tmp/native.c"; then fail "a target attribute although the flags enable AVX-512"; fi
  # No isa: the flags decide (no -march: the baseline, no intrinsics).
  sed 's/isa = "avx512", //' "$d/run.sched" >"$d/noisa.sched"
  "$schedcc" "$d/run.c" -s "$d/noisa.sched" -o "$tmp/base.c" -- -O3 2>"$tmp/base.err"
  if grep -q "_mm" "$tmp/base.c"; then fail "intrinsics without -march (baseline x86-64)"; fi
  [ ! -s "$tmp/base.err" ] || { cat "$tmp/base.err"; fail "a warning for the baseline"; }
  "$schedcc" "$d/run.c" -s "$d/noisa.sched" -o "$tmp/avx2.c" -- -O3 -mavx2 -mfma
  grep -q "_mm256_" "$tmp/avx2.c" || fail "-mavx2 -mfma did not give AVX2 code"
  if grep -q "__attribute__((target" "$tmp/avx2.c"; then fail "a target attribute for the flags' own ISA"; fi
  echo "ok: isa"
}

part_lines() {
  d=$tmp/lines
  mkdir "$d"
  cat >"$d/k.c" <<'C'
#pragma schedcc kernel
void f(int n, int *a) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] / 0;
}
int g(void) {
  int unused_after;
  return 0;
}
C
  printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  loop.unroll %%i {factor = 4}\n}\n' >"$d/k.sched"
  (cd "$d" && "$schedcc" k.c -s k.sched --line-markers -o out.c)
  for c in gcc clang-19; do
    command -v $c >/dev/null 2>&1 || continue
    (cd "$d" && $c -c -Wall out.c -o /dev/null) 2>"$tmp/lines-$c.log" || true
    # every division-by-zero warning is at a line of out.c that divides by 0
    n=0
    for l in $(sed -n 's/^out\.c:\([0-9]*\):[0-9]*: warning: division by zero.*/\1/p' "$tmp/lines-$c.log"); do
      sed -n "${l}p" "$d/out.c" | grep -q '/ 0;' ||
        { cat -n "$d/out.c"; cat "$tmp/lines-$c.log"; fail "$c: warning at out.c:$l, which has no division"; }
      n=$((n + 1))
    done
    [ $n -ge 5 ] || { cat "$tmp/lines-$c.log"; fail "$c: expected 5 division warnings in out.c, got $n"; }
    grep -q "^k\.c:7:[0-9]*: warning: unused variable" "$tmp/lines-$c.log" ||
      { cat "$tmp/lines-$c.log"; fail "$c: the warning after the kernel is not at k.c:7"; }
  done
  # Through the wrapper with -Werror: the transformed file is kept, named.
  (cd "$d" && "$wrapper" -c -Wall -Werror k.c -o k.o) 2>"$tmp/lines-w.log" &&
    fail "-Werror with a warning compiled"
  kept=$(sed -n "s/^schedcc-cc: note: .* is kept as '\(.*\)' for the diagnostics above$/\1/p" "$tmp/lines-w.log")
  [ -n "$kept" ] && [ -f "$kept" ] || { cat "$tmp/lines-w.log"; fail "the transformed source was not kept"; }
  l=$(grep -m1 "division by zero" "$tmp/lines-w.log" | sed -n "s|^$kept:\([0-9]*\):.*|\1|p")
  [ -n "$l" ] || { cat "$tmp/lines-w.log"; fail "the first warning does not point into $kept"; }
  sed -n "${l}p" "$kept" | grep -q '/ 0;' || fail "the wrapper's warning at $kept:$l, which has no division"
  rm -rf "$(dirname "$kept")"
  echo "ok: lines"
}

stats() { # "<misses> <hits>" since the last ccache -z
  ccache --print-stats |
    awk '$1 == "cache_miss" { m = $2 } $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 } END { print m + 0, h + 0 }'
}
adds() { objdump -d "$1" | grep -c 'addss'; }

part_ccache() {
  if ! command -v ccache >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y ccache >/dev/null 2>&1 || true
    fi
  fi
  command -v ccache >/dev/null 2>&1 || { echo "skipped: ccache is not installed and cannot be"; return 0; }
  command -v objdump >/dev/null 2>&1 || { echo "skipped: no objdump"; return 0; }
  : >"$tmp/ccache.conf" # (no user or system configuration)
  export CCACHE_DIR=$tmp/ccache CCACHE_NOHASHDIR=1 CCACHE_CONFIGPATH=$tmp/ccache.conf
  unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_NODIRECT CCACHE_DEPEND CCACHE_PREFIX
  d=$tmp/cc
  mkdir "$d"
  write_run_c "$d/k.c"
  sched() {
    printf 'named_sequence @matmul(%%root) {\n  %%j = match.loop "j" in %%root\n  loop.unroll %%j {factor = %s}\n}\n' "$1" >"$d/k.sched"
  }
  for how in launcher real; do
    sched 8
    rm -rf "$CCACHE_DIR"
    build() {
      ccache -z >/dev/null
      if [ $how = launcher ]; then
        (cd "$d" && ccache "$wrapper" -O1 -c k.c -o k.o)
      else
        (cd "$d" && SCHEDCC_CC="ccache cc" "$wrapper" -O1 -c k.c -o k.o)
      fi
    }
    build
    a8=$(adds "$d/k.o")
    build
    [ "$(stats)" = "0 1" ] || { ccache --print-stats; fail "$how: an identical rebuild is not a cache hit"; }
    [ "$(adds "$d/k.o")" = "$a8" ] || fail "$how: the cached object differs"
    sched 4
    build
    [ "$(stats)" = "1 0" ] || { ccache --print-stats; fail "$how: an edited schedule was a cache hit"; }
    a4=$(adds "$d/k.o")
    [ "$a4" -lt "$a8" ] || fail "$how: unroll 4 gives $a4 adds, unroll 8 gave $a8: the old object"
    build
    [ "$(stats)" = "0 1" ] || { ccache --print-stats; fail "$how: the rebuild after the edit is not a hit"; }
  done
  if command -v cmake >/dev/null 2>&1; then
    sched 8
    rm -rf "$CCACHE_DIR"
    printf 'cmake_minimum_required(VERSION 3.13)\nproject(p C)\nadd_executable(p k.c)\n' >"$d/CMakeLists.txt"
    cmake -S "$d" -B "$tmp/cm" -DCMAKE_C_COMPILER="$wrapper" -DCMAKE_C_COMPILER_LAUNCHER=ccache \
      -DCMAKE_C_FLAGS=-O1 >"$tmp/cm.log" 2>&1 || { cat "$tmp/cm.log"; fail "cmake configure"; }
    cmake --build "$tmp/cm" >>"$tmp/cm.log" 2>&1 || { cat "$tmp/cm.log"; fail "cmake build"; }
    obj=$(find "$tmp/cm" -name 'k.c.o')
    a8=$(adds "$obj")
    rm -f "$obj"
    ccache -z >/dev/null
    cmake --build "$tmp/cm" >>"$tmp/cm.log" 2>&1
    [ "$(stats)" = "0 1" ] || { ccache --print-stats; fail "cmake: an identical rebuild is not a cache hit"; }
    sched 4
    ccache -z >/dev/null
    cmake --build "$tmp/cm" >>"$tmp/cm.log" 2>&1
    [ "$(stats)" = "1 0" ] || { ccache --print-stats; fail "cmake: an edited schedule was a cache hit"; }
    [ "$(adds "$obj")" -lt "$a8" ] || fail "cmake: the old object after editing the schedule"
  fi
  echo "ok: ccache"
}

part_flags() {
  d=$tmp/fl
  mkdir "$d"
  write_run_c "$d/prog.c"
  printf 'named_sequence @matmul(%%root) {\n  %%j = match.loop "j" in %%root\n  loop.unroll %%j {factor = 2}\n}\n' >"$d/prog.sched"
  (cd "$d" && SCHEDCC_FLAGS="--unsafe" "$wrapper" -c prog.c -o p.o) 2>"$tmp/fl.log" ||
    { cat "$tmp/fl.log"; fail "SCHEDCC_FLAGS=--unsafe failed"; }
  grep -q "warning: --unsafe" "$tmp/fl.log" || { cat "$tmp/fl.log"; fail "SCHEDCC_FLAGS did not reach schedcc"; }
  # (--remarks is schedcc's; FALLBACK keeps this part independent of it)
  (cd "$d" && SCHEDCC_VERBOSE=1 SCHEDCC_REMARKS=1 SCHEDCC_FALLBACK=1 "$wrapper" -c prog.c -o p.o) 2>"$tmp/rm.log" ||
    { cat "$tmp/rm.log"; fail "SCHEDCC_REMARKS=1 failed"; }
  grep -q "^schedcc-cc: $schedcc --remarks prog.c" "$tmp/rm.log" || { cat "$tmp/rm.log"; fail "SCHEDCC_REMARKS=1 did not pass --remarks"; }
  # -MD through CFLAGS in a one-step compile-and-link.
  (cd "$d" && "$wrapper" -O1 -MD -o prog prog.c) || fail "one-step build with -MD failed"
  grep -q "prog.sched" "$d/prog.d" || { cat "$d/prog.d"; fail "prog.d does not list the schedule"; }
  grep -q "prog.c" "$d/prog.d" || { cat "$d/prog.d"; fail "prog.d does not name prog.c"; }
  if grep -q "schedcc-cc[-.]" "$d/prog.d"; then fail "prog.d names a temporary"; fi
  echo "ok: flags"
}

part_gccwarn() {
  d=$tmp/gccwarn
  mkdir "$d"
  cat >"$d/old.c" <<'C'
#include <stdio.h>

static count = 3; /* implicit int */

#pragma schedcc kernel
void scale(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f;
}

int main(void) {
  float a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  scale(8, a);
  printf("%g %g %d\n", a[0], a[7], twice(count)); /* no prototype */
  return 0;
}

int twice(int x) { return 2 * x; }
C
  printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  %%u:2 = loop.unroll %%i {factor = 2}\n}\n' >"$d/old.sched"
  command -v gcc >/dev/null 2>&1 || { echo "skipped: gccwarn (no gcc)"; return 0; }
  gcc -O2 "$d/old.c" -o "$d/plain" 2>/dev/null || fail "gcc does not build old.c as written"
  "$d/plain" >"$tmp/gw-plain.out"
  (cd "$d" && SCHEDCC_CC=gcc SCHEDCC_VERBOSE=1 "$wrapper" -O2 -c old.c -o old.o) 2>"$tmp/gw.log" ||
    { cat "$tmp/gw.log"; fail "SCHEDCC_CC=gcc: old.c (gcc warns, clang refuses) did not build"; }
  grep -q "^schedcc-cc: $schedcc old.c -s old.sched .*--cc=gcc -- -O2 -w$" "$tmp/gw.log" ||
    { cat "$tmp/gw.log"; fail "SCHEDCC_CC=gcc: schedcc did not run with --cc=gcc"; }
  grep -q "old.c:14:.*warning: implicit declaration of function .twice." "$tmp/gw.log" ||
    { cat "$tmp/gw.log"; fail "gcc's warning is not there"; }
  (cd "$d" && gcc old.o -o wrapped)
  "$d/wrapped" >"$tmp/gw-wrapped.out"
  cmp -s "$tmp/gw-plain.out" "$tmp/gw-wrapped.out" || fail "the wrapped gcc build prints something else"
  # `cc` is asked what it is (gcc here): the same mode
  if cc -dM -E -x c /dev/null 2>/dev/null | grep -q "define __clang__"; then :; else
    (cd "$d" && SCHEDCC_CC=cc "$wrapper" -O2 -c old.c -o old2.o) 2>"$tmp/gw-cc.log" ||
      { cat "$tmp/gw-cc.log"; fail "SCHEDCC_CC=cc (gcc): old.c did not build"; }
  fi
  # the user's -Werror=... still decides, as it does for gcc
  if (cd "$d" && SCHEDCC_CC=gcc "$wrapper" -O2 -Werror=implicit-function-declaration -c old.c -o old3.o) 2>"$tmp/gw-err.log"; then
    fail "-Werror=implicit-function-declaration did not fail the build"
  fi
  if command -v clang-19 >/dev/null 2>&1; then
    if (cd "$d" && SCHEDCC_CC=clang-19 "$wrapper" -O2 -c old.c -o old4.o) 2>"$tmp/gw-clang.log"; then
      fail "SCHEDCC_CC=clang-19 built a file that clang 19 refuses"
    fi
    (cd "$d" && SCHEDCC_CC=clang-19 "$wrapper" -O2 -Wno-error=implicit-function-declaration \
      -Wno-error=implicit-int -c old.c -o old5.o) 2>"$tmp/gw-clang2.log" ||
      { cat "$tmp/gw-clang2.log"; fail "SCHEDCC_CC=clang-19 with -Wno-error=...: old.c did not build"; }
  fi
  # the CLI: clang's warnings are printed, and do not stop it
  "$schedcc" "$d/old.c" -s "$d/old.sched" -o "$tmp/gw1.c" 2>"$tmp/gw1.err" &&
    fail "schedcc accepted an implicit declaration without -Wno-error or --cc=gcc"
  "$schedcc" "$d/old.c" -s "$d/old.sched" -o "$tmp/gw2.c" -- \
    -Wno-error=implicit-function-declaration -Wno-error=implicit-int 2>"$tmp/gw2.err" ||
    { cat "$tmp/gw2.err"; fail "schedcc -- -Wno-error=... failed"; }
  grep -q "old.c:14:.*: warning: call to undeclared function 'twice'.*\[-Wimplicit-function-declaration\]" "$tmp/gw2.err" ||
    { cat "$tmp/gw2.err"; fail "schedcc did not print clang's warning"; }
  "$schedcc" --cc=gcc "$d/old.c" -s "$d/old.sched" -o "$tmp/gw3.c" -- -fopt-info-vec 2>"$tmp/gw3.err" ||
    { cat "$tmp/gw3.err"; fail "schedcc --cc=gcc failed"; }
  grep -q "warning: unknown argument: '-fopt-info-vec' (schedcc's parse ignores it)" "$tmp/gw3.err" ||
    { cat "$tmp/gw3.err"; fail "schedcc did not warn about a flag clang does not know"; }
  echo "ok: gccwarn"
}

part_nofma() {
  d=$tmp/nofma
  mkdir "$d"
  write_run_c "$d/run.c"
  printf 'named_sequence @main(%%root) {\n  %%j = match.loop "j" in %%root\n  loop.vectorize %%j {reassoc, contract}\n}\n' >"$d/run.sched"
  "$schedcc" "$d/run.c" -s "$d/run.sched" -o "$tmp/nofma.c" -- -O2 -mavx2 2>"$tmp/nofma.err" ||
    { cat "$tmp/nofma.err"; fail "schedcc -- -mavx2 failed"; }
  grep -q "_mm256_" "$tmp/nofma.c" || fail "-mavx2 alone did not give AVX2 code"
  if grep -q "fmadd\|fmsub\|fnmadd\|fnmsub" "$tmp/nofma.c"; then fail "-mavx2 alone gave fused multiply-adds"; fi
  if grep -q "__attribute__((target" "$tmp/nofma.c"; then fail "-mavx2 alone gave a target attribute"; fi
  grep -q "run.c:10:.*note: loop 'j' {contract}: the compile flags enable AVX2 without FMA" "$tmp/nofma.err" ||
    { cat "$tmp/nofma.err"; fail "no note that contract is not applied"; }
  for f in "-mavx2 -mfma" "-march=haswell"; do
    # shellcheck disable=SC2086
    "$schedcc" "$d/run.c" -s "$d/run.sched" -o "$tmp/fma.c" -- -O2 $f 2>/dev/null
    grep -q "_mm256_fmadd_ps" "$tmp/fma.c" || fail "$f did not give _mm256_fmadd_ps"
  done
  command -v gcc >/dev/null 2>&1 || { echo "ok: nofma (not built: no gcc)"; return 0; }
  gcc -O2 -mavx2 -Wall -Wextra -Werror -std=c17 "$tmp/nofma.c" -o "$d/vec" ||
    fail "the -mavx2 output does not build with gcc -mavx2 alone"
  (cd "$d" && SCHEDCC_CC=gcc "$wrapper" -O2 -mavx2 -Wall -Wextra -Werror run.c -o wrapped) 2>"$tmp/nofma-w.log" ||
    { cat "$tmp/nofma-w.log"; fail "schedcc-cc -mavx2 failed"; }
  if grep -q avx2 /proc/cpuinfo 2>/dev/null; then
    gcc -O2 "$d/run.c" -o "$d/plain" -Wno-unknown-pragmas
    "$d/plain" >"$tmp/nofma-plain.out"
    "$d/vec" >"$tmp/nofma-vec.out"
    "$d/wrapped" >"$tmp/nofma-wrapped.out"
    cmp -s "$tmp/nofma-plain.out" "$tmp/nofma-vec.out" || fail "the -mavx2 build prints something else"
    cmp -s "$tmp/nofma-plain.out" "$tmp/nofma-wrapped.out" || fail "the wrapped -mavx2 build prints something else"
  else
    echo "(run skipped: the CPU lacks AVX2)"
  fi
  echo "ok: nofma"
}

for p in $parts; do
  part_$p
done
[ -z "$(ls -A "$tmp/t")" ] || { ls -A "$tmp/t"; fail "temporaries left in TMPDIR"; }
