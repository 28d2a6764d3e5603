#!/bin/sh
# Golden test of --emit=deps: test/deps/NAME.c -> NAME.deps.
#
#   test/deps.sh SCHEDCC DIR NAME [--update]
#
# Runs `schedcc NAME.c --emit=deps` from DIR (so file names in the output
# stay relative) and compares with NAME.deps; --update rewrites NAME.deps
# (review the diff).
set -eu
schedcc=$1 dir=$2 name=$3 update=${4:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-deps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$dir"
"$schedcc" "$name.c" --emit=deps -o "$tmp/out.deps"
if [ "$update" = "--update" ]; then
  cp "$tmp/out.deps" "$name.deps"
  echo "updated $dir/$name.deps"
  exit 0
fi
if ! diff -u "$name.deps" "$tmp/out.deps"; then
  echo "FAIL: --emit=deps output differs from $name.deps"
  exit 1
fi
echo "ok: $name"
