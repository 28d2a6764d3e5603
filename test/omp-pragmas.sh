#!/bin/sh
# `#pragma omp tile` / `#pragma omp unroll` read as an inline schedule:
# clang-19 -fopenmp compiles the ORIGINAL program, applying the OpenMP 5.1
# directives itself; schedcc transforms it (no -s: the directives are the
# schedule) and cc (gcc) compiles the output.  Both programs must print the
# same bytes.  The programs record the order in which iterations run, so a
# transformation applied in a different order than OpenMP's shows.
#
#   test/omp-pragmas.sh SCHEDCC FILE.c
#
# The recorded order is itself a dependence (a counter incremented in the
# loop), which schedcc's legality check rightly refuses to reorder: OpenMP
# directives are applied regardless of dependences, so to reproduce their
# order exactly schedcc runs with --unsafe here (test/neg/omp_tile_illegal
# shows the refusal without it).
#
# Also checks that the output holds no '#pragma omp tile/unroll' any more,
# compiles warning-free under -O2 -Wall -Wextra -Werror (gcc, clang-19: a
# real compile, which sees -Wmaybe-uninitialized), and
# that --emit=schedule prints a schedule that -s accepts with the same
# result.
set -eu
schedcc=$1 src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-omp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -I$(dirname "$src")"

if ! command -v clang-19 >/dev/null 2>&1; then
  echo "SKIP: clang-19 is not installed"
  exit 0
fi
clang-19 -fopenmp -O1 $common "$src" -o "$tmp/ref" -lm
"$tmp/ref" >"$tmp/ref.out"

"$schedcc" --unsafe "$src" -o "$tmp/gen.c" -- $common 2>"$tmp/warn" ||
  { cat "$tmp/warn"; exit 1; }
if grep -nE '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+omp[[:space:]]+(tile|unroll)' "$tmp/gen.c"; then
  echo "FAIL: the output still holds OpenMP loop-transformation directives"
  exit 1
fi
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common -O2 -Wall -Wextra -Werror -c -o /dev/null "$tmp/gen.c" 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc:"
    cat "$tmp/warn"
    exit 1
  fi
done
${CC:-cc} $common -O1 "$tmp/gen.c" -o "$tmp/gen" -lm
"$tmp/gen" >"$tmp/gen.out"
if ! cmp -s "$tmp/ref.out" "$tmp/gen.out"; then
  echo "FAIL: schedcc's reading of the directives differs from clang-19 -fopenmp ($src)"
  diff "$tmp/ref.out" "$tmp/gen.out" | head -20
  exit 1
fi
if [ ! -s "$tmp/ref.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi

# The printed schedule, given with -s, transforms the same way.
"$schedcc" "$src" --emit=schedule -o "$tmp/k.sched" -- $common
grep -q 'named_sequence' "$tmp/k.sched" || {
  echo "FAIL: --emit=schedule printed no named_sequence"; exit 1; }
"$schedcc" --unsafe "$src" -s "$tmp/k.sched" -o "$tmp/gen2.c" -- $common 2>"$tmp/warn" ||
  { cat "$tmp/warn"; exit 1; }
if ! cmp -s "$tmp/gen.c" "$tmp/gen2.c"; then
  echo "FAIL: -s with the --emit=schedule output differs from the inline schedule"
  diff "$tmp/gen.c" "$tmp/gen2.c" | head -20
  exit 1
fi
echo "ok: $(wc -l <"$tmp/ref.out") output lines identical to clang-19 -fopenmp"
