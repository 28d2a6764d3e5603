#!/bin/sh
# Golden test: schedcc's printed IR and generated C for test/golden/NAME.c
# (with NAME.sched when present, and the compile flags in NAME.flags when
# present) equal NAME.ir and NAME.out.c.
#
#   test/golden.sh SCHEDCC DIR NAME [--update]
#
# --update rewrites the expected files from the current output (review the
# diff before committing).
set -eu
schedcc=$1 dir=$2 name=$3 update=${4:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Run from the folder so that file names in the output are short and stable.
cd "$dir"
set -- "$name.c"
[ -f "$name.sched" ] && set -- "$name.c" -s "$name.sched"
# NAME.flags: compile flags for the test (e.g. --target=aarch64-linux-gnu)
flags=""
[ -f "$name.flags" ] && flags=$(cat "$name.flags")
"$schedcc" "$@" --emit=ir -o "$tmp/$name.ir" -- $flags
"$schedcc" "$@" -o "$tmp/$name.out.c" -- $flags
status=0
for f in "$name.ir" "$name.out.c"; do
  if [ "$update" = "--update" ]; then
    cp "$tmp/$f" "$f"
  elif [ ! -f "$f" ]; then
    echo "FAIL: missing expected file $dir/$f (run with --update)"
    status=1
  elif ! diff -u "$f" "$tmp/$f"; then
    echo "FAIL: $dir/$f differs"
    status=1
  fi
done
[ $status -eq 0 ] && echo "ok: $name.ir and $name.out.c match"
exit $status
