#!/bin/sh
# Differential test: the program transformed by schedcc prints exactly what
# the original prints.
#
#   test/diff.sh SCHEDCC FILE.c [SCHEDULE|-] [ARGS...]
#
# Both programs are built for real by gcc and by clang-19 (when installed),
# each with -O2 -Wall -Wextra -Werror -ffp-contract=off (so FMA contraction
# neither fakes nor hides differences, and warnings only an optimizing
# build sees, such as -Wmaybe-uninitialized, fail the test; the original
# also gets -Wno-unknown-pragmas for its scop/kernel pragmas), run, and
# each compiler's two outputs compared byte for byte.  ARGS are passed to
# the programs.  CFLAGS (default -O2) replaces the optimization level.
# Sources marked `diff.sh: trap signed overflow` are also compared built
# with signed overflow trapping (below).
#
# Generated code holding `#pragma omp` (loop.parallel) is compiled and
# linked with -fopenmp and run twice, with OMP_NUM_THREADS=1 and
# OMP_NUM_THREADS=2; both runs must print exactly what the original prints
# (parallel loops without reductions compute every element as the serial
# loop does; keep parallel reduction tests to integer reductions, which are
# exact in any order).
set -eu
schedcc=$1 src=$2 sched=${3:--}
shift 2; [ $# -gt 0 ] && shift
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-diff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"

if [ "$sched" = "-" ]; then
  "$schedcc" "$src" -o "$tmp/gen.c" -- $common
else
  "$schedcc" "$src" -s "$sched" -o "$tmp/gen.c" -- $common
fi

# Vector intrinsics (loop.vectorize): compile for the ISA they use; skip
# when the host cannot run it.
if grep -q '<immintrin.h>' "$tmp/gen.c"; then
  if ! isa=$(sh "$(dirname "$0")/difftol/isa-flags.sh" "$tmp/gen.c"); then
    echo "skipped: $isa"
    exit 0
  fi
  common="$common $isa"
fi

omp=
if grep -q '^[[:space:]]*#[[:space:]]*pragma[[:space:]][[:space:]]*omp' "$tmp/gen.c"; then
  omp=-fopenmp
fi

threads_list=default
[ -n "$omp" ] && threads_list="1 2"
ncc=0
# gcc -O1 sees -Wmaybe-uninitialized cases that -O2 inlines away (a pack
# buffer read before its tile is copied): the generated file compiles
# cleanly there too.
if ! gcc $common $omp -O1 -Wall -Wextra -Werror -c "$tmp/gen.c" -o "$tmp/gen1.o" 2>"$tmp/warn"; then
  echo "FAIL: generated code does not compile cleanly with gcc -O1:"
  cat "$tmp/warn"
  exit 1
fi
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  ncc=$((ncc + 1))
  if ! $cc $common $omp $CFLAGS -Wall -Wextra -Werror "$tmp/gen.c" -o "$tmp/gen" -lm 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc $CFLAGS:"
    cat "$tmp/warn"
    exit 1
  fi
  $cc $common $CFLAGS -Wall -Wextra -Werror -Wno-unknown-pragmas "$src" -o "$tmp/orig" -lm
  "$tmp/orig" "$@" >"$tmp/orig.out"
  for threads in $threads_list; do
    if [ "$threads" = default ]; then
      "$tmp/gen" "$@" >"$tmp/gen.out"
    else
      OMP_NUM_THREADS=$threads "$tmp/gen" "$@" >"$tmp/gen.out"
    fi
    if ! cmp -s "$tmp/orig.out" "$tmp/gen.out"; then
      echo "FAIL: outputs differ ($src${3:+ with $sched}, $cc, threads: $threads)"
      diff "$tmp/orig.out" "$tmp/gen.out" | head -20
      exit 1
    fi
  done
done
# A source marked `diff.sh: trap signed overflow` is also built by
# clang-19 with signed overflow trapping (UBSan's trap mode, no run time
# needed): a transform must not form a signed value past its type's limits
# where the original formed none (the simplifier's `3 * (j - i)` ->
# `3 * j - 3 * i`), which an optimizing compiler may silently exploit.
if grep -q 'diff.sh: trap signed overflow' "$src" &&
  command -v clang-19 >/dev/null 2>&1; then
  trapv="-O1 -fsanitize=signed-integer-overflow -fsanitize-trap=signed-integer-overflow"
  clang-19 $common $trapv -Wno-unknown-pragmas "$src" -o "$tmp/orig" -lm
  clang-19 $common $omp $trapv "$tmp/gen.c" -o "$tmp/gen" -lm
  "$tmp/orig" "$@" >"$tmp/orig.out"
  if ! "$tmp/gen" "$@" >"$tmp/gen.out" 2>"$tmp/warn" ||
    ! cmp -s "$tmp/orig.out" "$tmp/gen.out"; then
    echo "FAIL: the generated code overflows a signed integer (or prints otherwise) under clang-19 -fsanitize=signed-integer-overflow ($src${3:+ with $sched})"
    exit 1
  fi
  trapped=" and under trapping signed overflow"
fi
if [ ! -s "$tmp/orig.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi
echo "ok: $(wc -l <"$tmp/orig.out") output lines identical ($ncc compilers${trapped:-})${omp:+ (OpenMP, 1 and 2 threads)}"
