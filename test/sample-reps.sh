#!/bin/sh
# samples/bmm.c --reps N: N timed calls, each from the same C, so that C
# ends as one call leaves it (the tuner times the fastest of 3 calls and
# compares the output with the untransformed program's):
#   test/sample-reps.sh ROOT
#   - `--reps 3 --values` prints what `--values` prints (the plain
#     sample, -O2 -Wall -Wextra -Werror);
#   - stderr names the fastest of the 3 calls;
#   - a count out of [1, 1000] or an unknown argument is a usage error
#     (exit 2).
set -u
root=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-reps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cc=${CC:-cc}
$cc -std=c17 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas -D_POSIX_C_SOURCE=200809L \
  "$root/samples/bmm.c" -o "$tmp/bmm" -lm || { echo "FAIL: build"; exit 1; }
"$tmp/bmm" --values >"$tmp/one.out" 2>"$tmp/one.err" || fail "--values: exit $?"
"$tmp/bmm" --reps 3 --values >"$tmp/three.out" 2>"$tmp/three.err" || fail "--reps 3 --values: exit $?"
cmp -s "$tmp/one.out" "$tmp/three.out" || fail "--reps 3 leaves another C than one call"
[ "$(wc -l <"$tmp/one.out")" -eq $((6 * 196 * 256)) ] || fail "--values: not every element of C"
grep -q '^bmm: [0-9.]* ms (the fastest of 3 calls)$' "$tmp/three.err" ||
  { fail "--reps 3: not the expected timing line:"; cat "$tmp/three.err"; }
grep -q '^bmm: [0-9.]* ms$' "$tmp/one.err" || { fail "one call: not the expected timing line:"; cat "$tmp/one.err"; }
for bad in "--reps 0" "--reps 1001" "--reps" "--rep 3"; do
  st=0
  "$tmp/bmm" $bad >/dev/null 2>"$tmp/bad.err" || st=$?
  [ "$st" -eq 2 ] || fail "'$bad': exit $st, expected 2"
  grep -q '^usage: bmm' "$tmp/bad.err" || fail "'$bad': no usage line"
done
if [ "$fails" -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "sample-reps: 0 failed"
