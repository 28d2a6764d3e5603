#!/bin/sh
# OpenMP loop directives inside kernels (#pragma omp parallel for, for,
# simd, ...: kept on their loops, test/omp/loop/NAME.c), transformed by a
# schedule (or none: '-'), against the original:
#
#   test/omp-loop.sh SCHEDCC FILE.c [SCHEDULE|-]
#
#  - schedcc gives the same output with and without -fopenmp after '--';
#  - the output holds each line named by an `expect: <text>` comment of
#    FILE.c; schedcc's stderr holds each `stderr: <text>` of FILE.c and the
#    schedule, and no other warning;
#  - the original and the output, built for real by gcc and clang-19 with
#    -O2 -Wall -Wextra -Werror -ffp-contract=off, each with and without
#    -fopenmp (without it: -Wno-unknown-pragmas, which the original needs
#    as much), run with OMP_NUM_THREADS=1 and 2 (or the `threads: N` of
#    FILE.c), print the same bytes as the original built without -fopenmp
#    (integer data: reductions are exact in any order);
#  - the .o path (schedcc -c, LLVM backend) with and without -fopenmp,
#    linked by gcc, prints the same.
set -eu
schedcc=$1 src=$2 sched=${3:--}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-omploop.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -I$(dirname "$src")"
warn="-O2 -Wall -Wextra -Werror"
notes=$src
set --
[ "$sched" != "-" ] && set -- -s "$sched" && notes="$src $sched"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

threads=$(sed -n 's/^ *\* threads: *//p' "$src")
[ -n "$threads" ] || threads="1 2"

# reference: the original without -fopenmp
gcc $common $warn -Wno-unknown-pragmas "$src" -o "$tmp/ref" -lm
"$tmp/ref" >"$tmp/ref.out"
[ -s "$tmp/ref.out" ] || { echo "FAIL: the program printed nothing"; exit 1; }

"$schedcc" "$src" "$@" -o "$tmp/gen.c" -- $common 2>"$tmp/err" ||
  { cat "$tmp/err"; exit 1; }
"$schedcc" "$src" "$@" -o "$tmp/gen_omp.c" -- $common -fopenmp 2>"$tmp/err_omp" ||
  { cat "$tmp/err_omp"; exit 1; }
cmp -s "$tmp/gen.c" "$tmp/gen_omp.c" ||
  { fail "-fopenmp changes schedcc's output"; diff "$tmp/gen.c" "$tmp/gen_omp.c" | head; }
cmp -s "$tmp/err" "$tmp/err_omp" || fail "-fopenmp changes schedcc's diagnostics"

# expected lines and diagnostics
sed -n 's/^ *\* expect: *//p' "$src" >"$tmp/expect"
sed 's/^ *//' "$tmp/gen.c" >"$tmp/gen.lines"
while IFS= read -r line; do
  grep -qxF "$line" "$tmp/gen.lines" || fail "the output has no line '$line'"
done <"$tmp/expect"
# shellcheck disable=SC2086
sed -n 's/^[ */]*stderr: *//p' $notes >"$tmp/stderr.expect"
nw=0
while IFS= read -r line; do
  grep -qF "$line" "$tmp/err" || fail "stderr holds no '$line'"
  case $line in warning:*) nw=$((nw + 1)) ;; esac
done <"$tmp/stderr.expect"
[ "$(grep -c 'warning:' "$tmp/err" || true)" -eq "$nw" ] ||
  { fail "unexpected warnings"; cat "$tmp/err"; }

run() { # run NAME: every thread count prints the reference
  for t in $threads; do
    OMP_NUM_THREADS=$t "$tmp/$1" >"$tmp/$1.out" || { fail "$1 crashed"; continue; }
    cmp -s "$tmp/ref.out" "$tmp/$1.out" ||
      { fail "$1 (OMP_NUM_THREADS=$t) prints other bytes"; diff "$tmp/ref.out" "$tmp/$1.out" | head -5; }
  done
}
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  for f in src gen; do
    file=$src
    [ $f = gen ] && file=$tmp/gen.c
    $cc $common $warn -Wno-unknown-pragmas "$file" -o "$tmp/$f.$cc" -lm 2>"$tmp/w" ||
      { fail "$f does not build with $cc"; cat "$tmp/w"; continue; }
    run $f.$cc
    $cc $common $warn -fopenmp $([ $f = src ] && echo -Wno-unknown-pragmas) \
      "$file" -o "$tmp/$f.omp.$cc" -lm 2>"$tmp/w" ||
      { fail "$f does not build with $cc -fopenmp"; cat "$tmp/w"; continue; }
    run $f.omp.$cc
  done
done

# the .o path
if "$schedcc" "$src" "$@" -c -o "$tmp/k.o" -- $common -O2 2>"$tmp/w" &&
  gcc "$tmp/k.o" -o "$tmp/obj" -lm; then
  run obj
else
  fail "schedcc -c"; cat "$tmp/w"
fi
if "$schedcc" "$src" "$@" -c -o "$tmp/k_omp.o" -- $common -O2 -fopenmp 2>"$tmp/w" &&
  gcc -fopenmp "$tmp/k_omp.o" -o "$tmp/obj_omp" -lm; then
  run obj_omp
else
  fail "schedcc -c -- -fopenmp"; cat "$tmp/w"
fi
[ $fails -eq 0 ] || exit 1
echo "ok: $(basename "$src") ${sched##*/}: the same output with and without -fopenmp, C and .o paths"
