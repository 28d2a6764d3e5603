#!/bin/sh
# Differential test of the LLVM backend: the object file that schedcc builds
# through the LLVM C API computes exactly what the C path computes.
#
#   test/diff-llvm.sh SCHEDCC FILE.c [SCHEDULE|-]
#
# The .o path:  schedcc FILE.c [-s SCHEDULE] -c -o prog.o -- FLAGS, linked
#               with $CC -lm;
# the C path:   schedcc FILE.c [-s SCHEDULE] -o gen.c -- FLAGS, compiled by
#               gcc and by clang-19 (when installed), each with -O2 -Wall
#               -Wextra -Werror (warning-free);
# FLAGS include -ffp-contract=off, so neither path contracts a*b+c into an
# FMA; the C path also gets the flags of the vector intrinsics it uses
# (test/difftol/isa-flags.sh).  Both programs run and their stdout must be
# identical byte for byte.  Any failure of schedcc fails the test; when the
# host cannot run the C path's intrinsics, the test prints "skipped" and
# passes.  (Schedules that contract or reassociate are compared with a
# tolerance by test/diff-llvm-tol.sh.)
set -eu
schedcc=$1 src=$2 sched=${3:--}
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-llvm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"
set -- "$src"
[ "$sched" != "-" ] && set -- "$src" -s "$sched"

if ! "$schedcc" "$@" -c -o "$tmp/prog.o" -- $common; then
  echo "FAIL: schedcc -c failed ($src${3:+ with $sched})"
  exit 1
fi
"$schedcc" "$@" -o "$tmp/gen.c" -- $common
if ! isa=$(sh "$(dirname "$0")/difftol/isa-flags.sh" "$tmp/gen.c"); then
  echo "skipped: $isa"
  exit 0
fi

$CC "$tmp/prog.o" -o "$tmp/prog_llvm" -lm
"$tmp/prog_llvm" >"$tmp/llvm.out"
omp=  # the C path of loop.parallel (the .o path runs parallel loops serially)
if grep -q '^[[:space:]]*#[[:space:]]*pragma[[:space:]][[:space:]]*omp' "$tmp/gen.c"; then
  omp=-fopenmp
fi
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common $isa $omp -O2 -Wall -Wextra -Werror "$tmp/gen.c" -o "$tmp/prog_c" -lm 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc -O2:"
    cat "$tmp/warn"
    exit 1
  fi
  "$tmp/prog_c" >"$tmp/c.out"
  if ! cmp -s "$tmp/c.out" "$tmp/llvm.out"; then
    echo "FAIL: the .o path and the C path ($cc) print different outputs ($src${3:+ with $sched})"
    diff "$tmp/c.out" "$tmp/llvm.out" | head -20
    exit 1
  fi
done
if [ ! -s "$tmp/c.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi
echo "ok: $(wc -l <"$tmp/c.out") output lines identical"
