#!/bin/sh
# Differential test: the program transformed by schedcc prints exactly what
# the original prints.
#
#   test/diff.sh SCHEDCC FILE.c [SCHEDULE|-] [ARGS...]
#
# Both programs are built by the same compiler ($CC, default cc) with
# -ffp-contract=off (so FMA contraction neither fakes nor hides differences),
# run, and their stdout compared byte for byte.  The generated file must
# also compile without warnings (-Wall -Wextra -Werror) under gcc and, when
# installed, clang-19.  ARGS are passed to the programs.
set -eu
schedcc=$1 src=$2 sched=${3:--}
shift 2; [ $# -gt 0 ] && shift
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-diff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"

if [ "$sched" = "-" ]; then
  "$schedcc" "$src" -o "$tmp/gen.c" -- $common
else
  "$schedcc" "$src" -s "$sched" -o "$tmp/gen.c" -- $common
fi

for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common -Wall -Wextra -Werror -fsyntax-only "$tmp/gen.c" 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc:"
    cat "$tmp/warn"
    exit 1
  fi
done

$CC $common $CFLAGS "$src" -o "$tmp/orig" -lm
$CC $common $CFLAGS "$tmp/gen.c" -o "$tmp/gen" -lm
"$tmp/orig" "$@" >"$tmp/orig.out"
"$tmp/gen" "$@" >"$tmp/gen.out"
if ! cmp -s "$tmp/orig.out" "$tmp/gen.out"; then
  echo "FAIL: outputs differ ($src${3:+ with $sched})"
  diff "$tmp/orig.out" "$tmp/gen.out" | head -20
  exit 1
fi
if [ ! -s "$tmp/orig.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi
echo "ok: $(wc -l <"$tmp/orig.out") output lines identical"
