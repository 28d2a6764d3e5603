#!/bin/sh
# NEON differential test: a schedule run for AArch64 (its vector ISA
# replaced by "neon"), the program built by the aarch64 cross compiler
# through both backends (the C path with <arm_neon.h> intrinsics, and the
# -c path: an AArch64 object from the LLVM C API) and run under user-mode
# emulation (qemu-aarch64), prints what the original program prints, built
# and run the same way.
#
#   test/neon.sh SCHEDCC FILE.c SCHEDULE exact|tol [ARGS...]
#
# (ARGS default to a `// args:` line of the schedule.)
# The schedule is rewritten into a temporary file: every `isa = "..."`
# becomes `isa = "neon"` and `width = W` and `size = S` are dropped (one
# 128-bit register: 4 floats or 2 doubles), and so is loop.vectorize's
# `masked` (x86 masked accesses; NEON has none); a schedule that names no ISA gets NEON from the
# target (--target=aarch64-linux-gnu).  `exact`: outputs byte for byte (no
# reassociation, no contraction: both sides -ffp-contract=off); `tol`: the
# `// tolerance:` line of the schedule, as test/difftol.sh reads it, or a
# `// tolerance neon:` line.  The
# generated C must hold NEON intrinsics (unless the schedule says
# `// neon: no vector code`: one whose kernel is left untransformed).
# OpenMP directives are ignored (built without -fopenmp: the cross
# toolchain's libgomp is not assumed).
# Without the cross toolchain (scripts/install-deps.sh installs
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user) the test is
# skipped with a note.  Emulation says nothing about speed.
set -eu
schedcc=$1 src=$2 sched=$3 mode=$4
shift 4
here=$(dirname "$0")
xcc=aarch64-linux-gnu-gcc
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
if ! command -v $xcc >/dev/null 2>&1 || [ -z "$qemu" ]; then
  echo "skipped: no aarch64 cross toolchain or qemu-aarch64 (scripts/install-deps.sh installs them)"
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-neon.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sdir=$(cd "$(dirname "$sched")" && pwd)
# relative imports ("../x.sched") resolved from the schedule's own folder
sed -e 's/isa = "[^"]*"/isa = "neon"/g' \
    -e 's/width = [^,}]*, *//g' -e 's/, *width = [^,}]*//g' \
    -e 's/size = [^,}]*, *//g' -e 's/, *size = [^,}]*//g' \
    -e 's/, *masked\([,}]\)/\1/g' -e 's/{masked, */{/g' -e 's/ *{masked}//g' \
    -e "s|^import \"\\.|import \"$sdir/.|" "$sched" >"$tmp/neon.sched"
# `// tolerance neon:` overrides `// tolerance:` (sums reassociated over 4
# lanes instead of 8 or 16 round differently)
tl=$(grep -m1 '^[[:space:]]*//[[:space:]]*tolerance neon:' "$sched" ||
  grep -m1 '^[[:space:]]*//[[:space:]]*tolerance:' "$sched" || true)
rel=$(echo "$tl" | sed -n 's|^[[:space:]]*//[[:space:]]*tolerance[^:]*:[[:space:]]*\([^[:space:]]*\).*|\1|p')
absol=$(echo "$tl" | sed -n 's|^[[:space:]]*//[[:space:]]*tolerance[^:]*:.*[[:space:]]abs[[:space:]]*\([^[:space:]]*\).*|\1|p')
# `// args: ...`: the programs' arguments when the command line gives none
if [ $# -eq 0 ]; then
  args=$(sed -n 's|^[[:space:]]*//[[:space:]]*args:[[:space:]]*||p' "$sched" | head -1)
  [ -n "$args" ] && set -- $args
fi
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"
target=--target=aarch64-linux-gnu

"$schedcc" "$src" -s "$tmp/neon.sched" -o "$tmp/gen.c" -- $common $target
if ! grep -q '^[[:space:]]*//[[:space:]]*neon: no vector code' "$sched" &&
   ! grep -q 'vld1q_\|vst1q_\|vdupq_n_' "$tmp/gen.c"; then
  echo "FAIL: the generated C holds no NEON intrinsics"
  exit 1
fi
warn="-Wall -Wextra -Werror -Wno-unknown-pragmas"
if ! $xcc $common -O2 $warn "$tmp/gen.c" -o "$tmp/gen" -static -lm 2>"$tmp/warn"; then
  echo "FAIL: generated code does not compile cleanly with $xcc -O2:"
  cat "$tmp/warn"
  exit 1
fi
"$schedcc" "$src" -s "$tmp/neon.sched" -c -o "$tmp/genl.o" -- $common $target -O2
$xcc "$tmp/genl.o" -o "$tmp/genl" -static -lm
$xcc $common -O2 $warn "$src" -o "$tmp/orig" -static -lm
"$qemu" "$tmp/orig" "$@" >"$tmp/orig.out"
if [ ! -s "$tmp/orig.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi
for path in gen genl; do
  "$qemu" "$tmp/$path" "$@" >"$tmp/$path.out"
  what="C path"
  [ $path = genl ] && what=".o path"
  if [ "$mode" = exact ]; then
    if ! cmp -s "$tmp/orig.out" "$tmp/$path.out"; then
      echo "FAIL: outputs differ ($what, $src with $sched for neon)"
      diff "$tmp/orig.out" "$tmp/$path.out" | head -20
      exit 1
    fi
  else
    printf '%s: ' "$what"
    python3 "$here/tolcmp.py" "$tmp/orig.out" "$tmp/$path.out" "${rel:-1e-6}" "${absol:-1e-30}"
  fi
done
echo "ok: $(wc -l <"$tmp/orig.out") output lines ($mode) on both paths under qemu-aarch64"
