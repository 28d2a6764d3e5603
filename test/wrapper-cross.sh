#!/bin/sh
# The compiler wrapper as a cross compiler (issue 28):
#
#   test/wrapper-cross.sh SCHEDCC-CC SCHEDCC PROJECT-DIR GOLDEN-DIR
#
#  - `make CC=schedcc-cc` with SCHEDCC_CC=aarch64-linux-gnu-gcc builds
#    samples/project (out of tree) into an AArch64 program that prints,
#    under qemu-aarch64, exactly what the project built by the cross
#    compiler alone prints (its schedules tile and unroll: bit-exact);
#  - the wrapper parses for the cross compiler's target (-dumpmachine):
#    test/golden/neon_vec.c's `dot` kernel, whose schedule names no ISA,
#    is vectorized for NEON (its assembly holds `fmla v.2d`), as its
#    `axpy_rev` kernel (isa = "neon") is (`fmla v.4s`).
# Skipped with a note without the cross toolchain (scripts/install-deps.sh
# installs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user).
set -eu
cc_wrap=$1 schedcc=$2 proj=$3 golden=$4
xcc=aarch64-linux-gnu-gcc
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
if ! command -v $xcc >/dev/null 2>&1 || [ -z "$qemu" ]; then
  echo "skipped: no aarch64 cross toolchain or qemu-aarch64 (scripts/install-deps.sh installs them)"
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-wcross.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/wrap" "$tmp/plain"
SCHEDCC=$schedcc SCHEDCC_CC=$xcc make -s -C "$tmp/wrap" -f "$proj/Makefile" \
  SRCDIR="$proj" CC="$cc_wrap" LDFLAGS=-static >"$tmp/wrap.log" 2>&1 ||
  { echo "FAIL: the cross build through the wrapper failed:"; cat "$tmp/wrap.log"; exit 1; }
make -s -C "$tmp/plain" -f "$proj/Makefile" SRCDIR="$proj" CC=$xcc \
  LDFLAGS=-static >"$tmp/plain.log" 2>&1 ||
  { echo "FAIL: the plain cross build failed:"; cat "$tmp/plain.log"; exit 1; }
if ! file "$tmp/wrap/project" 2>/dev/null | grep -q aarch64 &&
   ! od -An -tx1 -j18 -N2 "$tmp/wrap/project" | grep -q 'b7 00'; then
  echo "FAIL: the wrapper's build is not an AArch64 program"
  exit 1
fi
"$qemu" "$tmp/plain/project" >"$tmp/plain.out"
"$qemu" "$tmp/wrap/project" >"$tmp/wrap.out"
if [ ! -s "$tmp/plain.out" ] || ! cmp -s "$tmp/plain.out" "$tmp/wrap.out"; then
  echo "FAIL: the cross-built project prints something else:"
  diff "$tmp/plain.out" "$tmp/wrap.out" | head
  exit 1
fi
echo "ok: samples/project cross-built through the wrapper prints what the plain cross build prints ($(wc -l <"$tmp/plain.out") lines)"
SCHEDCC=$schedcc SCHEDCC_CC=$xcc "$cc_wrap" -O2 -S -o "$tmp/nv.s" "$golden/neon_vec.c"
for want in 'fmla[[:space:]]*v[0-9]*\.4s' 'fmla[[:space:]]*v[0-9]*\.2d'; do
  if ! grep -q "$want" "$tmp/nv.s"; then
    echo "FAIL: no '$want' in the cross-compiled neon_vec.c"
    exit 1
  fi
done
echo "ok: a schedule without isa follows the cross compiler's target (NEON fmla .4s and .2d)"
