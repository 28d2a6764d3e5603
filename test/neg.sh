#!/bin/sh
# Negative test: bad input is refused with a clear error, exit status 1, and
# no output file.
#
#   test/neg.sh SCHEDCC DIR NAME
#
# Runs schedcc on DIR/NAME.c (with DIR/NAME.sched when present) from DIR and
# checks: exit status 1; the first error of stderr (its first line, or
# the first line with " error: " after warnings the input earns, such as
# a wrong OpenMP directive kept as written) contains the line of
# DIR/NAME.expect (a "file:line:col: error: ..." text); a caret line follows;
# the -o file was not created; no temporary file was left behind.
set -eu
schedcc=$1 dir=$2 name=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-neg.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$dir"
src=$name.c
[ -f "$src" ] || src=$(sed -n 's/^\/\/ input: *//p' "$name.sched" | head -1)
set -- "$src" -o "$tmp/out.c"
[ -f "$name.sched" ] && set -- "$@" -s "$name.sched"
status=0
"$schedcc" "$@" 2>"$tmp/err" || status=$?
expect=$(head -1 "$name.expect")
if [ $status -ne 1 ]; then
  echo "FAIL: exit status $status, expected 1"; cat "$tmp/err"; exit 1
fi
at=1
if ! head -1 "$tmp/err" | grep -q ' error: '; then
  at=$(grep -n ' error: ' "$tmp/err" | head -1 | cut -d: -f1)
  at=${at:-1}
fi
if ! sed -n "${at}p" "$tmp/err" | grep -qF -- "$expect"; then
  echo "FAIL: first error line does not contain: $expect"; cat "$tmp/err"; exit 1
fi
if ! sed -n "$((at + 2))p" "$tmp/err" | grep -q '^ *^'; then
  echo "FAIL: no caret line under the diagnostic"; cat "$tmp/err"; exit 1
fi
if [ -e "$tmp/out.c" ] || ls "$tmp" | grep -q schedcc-tmp; then
  echo "FAIL: an output file was written"; exit 1
fi
echo "ok: $(sed -n "${at}p" "$tmp/err")"
