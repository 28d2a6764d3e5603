#!/bin/sh
# The LLVM backend's streaming stores (loop.transpose_block {nontemporal}):
# outputs alone cannot tell a streaming store from an ordinary one, so this
# checks the code.  The textual IR of test/diff/tr_nt.c with
# tr_nt.stream_avx512.sched has stores with !nontemporal and one
# `fence seq_cst` after them; the assembly (-S, x86-64-v4) has
# non-temporal vector moves (vmovntps or vmovntpd: LLVM may pick either
# domain for a float store) and an mfence.
#   test/llvm-stream.sh SCHEDCC TEST_DIR
set -u
schedcc=$1 dir=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-stream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
src=$dir/diff/tr_nt.c sched=$dir/diff/tr_nt.stream_avx512.sched
"$schedcc" "$src" -s "$sched" --emit=llvm -o "$tmp/t.ll" -- -march=x86-64-v4 ||
  fail "--emit=llvm exited $?"
n=$(grep -c 'store .*!nontemporal' "$tmp/t.ll")
[ "$n" -ge 1 ] || fail "no store with !nontemporal in the IR"
f=$(grep -c 'fence seq_cst' "$tmp/t.ll")
[ "$f" -eq 1 ] || fail "expected one 'fence seq_cst' in the IR, found $f"
echo "ok: IR: $n non-temporal stores, $f fence"
"$schedcc" "$src" -s "$sched" -S -o "$tmp/t.s" -- -march=x86-64-v4 ||
  fail "-S exited $?"
n=$(grep -c 'vmovnt' "$tmp/t.s")
[ "$n" -ge 1 ] || fail "no vmovnt* in the assembly"
f=$(grep -c 'mfence' "$tmp/t.s")
[ "$f" -ge 1 ] || fail "no mfence in the assembly"
echo "ok: assembly: $n non-temporal moves, $f mfence"
exit $((fails > 0))
