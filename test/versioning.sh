#!/bin/sh
# Kernel versioning (run-time checks; docs/legality.md "Run-time checks"):
# proves which version of a kernel runs and that both are right.
#
#   test/versioning.sh SCHEDCC DIR/NAME.c [SCHEDULE]
#
# NAME.c is transformed with SCHEDULE (default DIR/NAME.sched); the
# generated C is compiled for real with -O2 -Wall -Wextra -Werror by gcc
# and clang-19 (when installed), the program is also built through
# `schedcc -c` (the .o path), and every build must print exactly
# DIR/NAME.expected (the programs of test/versioning print values that
# tell the versions apart: see each NAME.c), or, when there is no such
# file, what the original program prints.  Optional files:
#   NAME.remarks   lines that `schedcc -v` must print (fixed strings)
#   NAME.has       lines the generated C must contain (fixed strings)
#   NAME.hasnot    lines the generated C must not contain
#   NAME.deps      lines `schedcc -s SCHEDULE --emit=deps` must print
set -eu
schedcc=$1 src=$2
dir=$(dirname "$src") name=$(basename "$src" .c)
base=$dir/$name
sched=${3:-$base.sched}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-ver.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L"
expected=$base.expected
if [ ! -f "$expected" ]; then
  ${CC:-cc} $common -O2 "$src" -o "$tmp/orig" -lm
  "$tmp/orig" >"$tmp/expected"
  expected=$tmp/expected
fi

"$schedcc" "$src" -s "$sched" -v -o "$tmp/gen.c" -- $common 2>"$tmp/err"
if [ -f "$base.remarks" ]; then
  while IFS= read -r line; do
    if ! grep -qF -- "$line" "$tmp/err"; then
      echo "FAIL: schedcc -v does not say: $line"
      cat "$tmp/err"
      exit 1
    fi
  done <"$base.remarks"
fi
for f in has hasnot; do
  [ -f "$base.$f" ] || continue
  while IFS= read -r line; do
    if grep -qF -- "$line" "$tmp/gen.c"; then found=has; else found=hasnot; fi
    if [ $f != $found ]; then
      echo "FAIL: the generated C should $([ $f = has ] || echo 'not ')contain: $line"
      cat "$tmp/gen.c"
      exit 1
    fi
  done <"$base.$f"
done

if [ -f "$base.deps" ]; then
  "$schedcc" "$src" -s "$sched" --emit=deps -o "$tmp/deps" -- $common 2>/dev/null
  while IFS= read -r line; do
    if ! grep -qF -- "$line" "$tmp/deps"; then
      echo "FAIL: --emit=deps does not list: $line"
      cat "$tmp/deps"
      exit 1
    fi
  done <"$base.deps"
fi

isa=
if grep -q '_mm' "$tmp/gen.c"; then
  if ! isa=$(sh "$(dirname "$0")/difftol/isa-flags.sh" "$tmp/gen.c"); then
    echo "skipped: $isa"
    exit 0
  fi
fi
n=0
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common $isa -O2 -Wall -Wextra -Werror "$tmp/gen.c" -o "$tmp/prog_$cc" -lm 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc -O2 -Wall -Wextra -Werror:"
    cat "$tmp/warn"
    exit 1
  fi
  "$tmp/prog_$cc" >"$tmp/out_$cc"
  if ! cmp -s "$expected" "$tmp/out_$cc"; then
    echo "FAIL: built by $cc, the program prints something else than $name.expected:"
    diff "$expected" "$tmp/out_$cc" | head -20
    exit 1
  fi
  n=$((n + 1))
done
if ! "$schedcc" "$src" -s "$sched" -c -o "$tmp/prog.o" -- $common; then
  echo "FAIL: schedcc -c failed"
  exit 1
fi
${CC:-cc} "$tmp/prog.o" -o "$tmp/prog_o" -lm
"$tmp/prog_o" >"$tmp/out_o"
if ! cmp -s "$expected" "$tmp/out_o"; then
  echo "FAIL: built through schedcc -c, the program prints something else than $name.expected:"
  diff "$expected" "$tmp/out_o" | head -20
  exit 1
fi
echo "ok: $n C builds and the .o path print what is expected"
