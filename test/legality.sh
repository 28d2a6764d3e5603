#!/bin/sh
# Legality checks and --unsafe, end to end.
#
#   test/legality.sh SCHEDCC
#
# The illegal interchange of test/neg/interchange_seidel is refused without
# --unsafe (exit 1, no output) and applied with it: exit 0, the warning
# "--unsafe: legality checks are skipped", and loop j outside loop i in the
# output.
set -eu
schedcc=$1
dir=$(dirname "$0")/neg
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-legal.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
"$schedcc" "$dir/interchange_seidel.c" -s "$dir/interchange_seidel.sched" \
  -o "$tmp/safe.c" 2>"$tmp/err" || status=$?
if [ $status -ne 1 ] || [ -e "$tmp/safe.c" ]; then
  echo "FAIL: the illegal interchange was not refused (status $status)"
  cat "$tmp/err"; exit 1
fi
grep -q "would reverse the flow dependence" "$tmp/err" || {
  echo "FAIL: no dependence in the message"; cat "$tmp/err"; exit 1; }
status=0
"$schedcc" "$dir/interchange_seidel.c" -s "$dir/interchange_seidel.sched" \
  --unsafe -o "$tmp/unsafe.c" 2>"$tmp/err" || status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: --unsafe: exit status $status"; cat "$tmp/err"; exit 1
fi
grep -q "warning: --unsafe: legality checks are skipped" "$tmp/err" || {
  echo "FAIL: --unsafe without its warning"; cat "$tmp/err"; exit 1; }
# j is now the outer loop
first=$(grep -o 'for (int [ij]' "$tmp/unsafe.c" | head -1)
if [ "$first" != "for (int j" ]; then
  echo "FAIL: --unsafe did not interchange (first loop: $first)"
  cat "$tmp/unsafe.c"; exit 1
fi
echo "ok: refused without --unsafe, applied with a warning with it"
