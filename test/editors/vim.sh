#!/bin/sh
# The Vim syntax file (editors/vim): a headless Vim (`vim -es`) detects the
# filetype of sample.sched through ftdetect, loads syntax/sched.vim and
# reports the syntax group (synIDattr(synID(...), "name")) at the first
# character of each text listed in expect.txt ("<line> <text> <kind>": kind
# comment, keyword, ... maps to schedComment, schedKeyword, ...; "none": no
# group).
#
#   test/editors/vim.sh REPO-DIR
set -eu
repo=$1
here=$repo/test/editors
command -v vim >/dev/null 2>&1 || { echo "skipped: vim is not installed (scripts/install-deps.sh)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-vim.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
# One Ex command per expectation (numbered n): "n <group>" at the text's
# first column, "n MISSING" when the line lacks the text.
n=0
while read -r line text kind; do
  n=$((n + 1))
  printf 'let c = stridx(getline(%s), "%s") + 1 | call add(g:out, c == 0 ? "%s MISSING" : "%s " . synIDattr(synID(%s, c, 1), "name"))\n' \
    "$line" "$(printf %s "$text" | sed 's/\\/\\\\/g; s/"/\\"/g')" "$n" "$n" "$line"
done <"$here/expect.txt" >"$tmp/probe.vim"
cat >"$tmp/run.vim" <<VIM
set nocompatible
let &runtimepath = '$repo/editors/vim,' . &runtimepath
filetype on
syntax on
edit $here/sample.sched
let g:out = ['filetype ' . &filetype]
source $tmp/probe.vim
call writefile(g:out, '$tmp/got')
qall!
VIM
vim -u NONE -i NONE -N -es -S "$tmp/run.vim" </dev/null || true
[ -s "$tmp/got" ] || { echo "FAIL: vim wrote no result"; exit 1; }
grep -qx "filetype sched" "$tmp/got" || { cat "$tmp/got"; echo "FAIL: *.sched is not detected as filetype sched"; exit 1; }
status=0
n=0
while read -r line text kind; do
  n=$((n + 1))
  want=""
  [ "$kind" = none ] || want="sched$(printf %s "$kind" | cut -c1 | tr a-z A-Z)$(printf %s "$kind" | cut -c2-)"
  got=$(sed -n "s/^$n \(.*\)$/\1/p; s/^$n$//p" "$tmp/got" | head -1)
  if [ "$got" != "$want" ]; then
    echo "FAIL: line $line '$text': want group '${want:-(none)}', got '${got:-(none)}'"
    status=1
  fi
done <"$here/expect.txt"
[ $status = 0 ] && echo "ok: vim syntax groups at $(wc -l <"$here/expect.txt") positions"
exit $status
