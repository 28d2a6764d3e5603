#!/bin/sh
# Differential test of the LLVM backend with a tolerance: the object file
# that schedcc builds through the LLVM C API for a contracting or
# reassociating schedule (FMAs, vectorized reductions, packed micro-kernels)
# computes what the original program computes, within the schedule's
# tolerance.
#
#   test/diff-llvm-tol.sh SCHEDCC FILE.c SCHEDULE [-O<n>] [ARGS...]
#
# The .o path:   schedcc FILE.c -s SCHEDULE -c [-O<n>] -o prog.o -- FLAGS,
#                linked with $CC -lm (the host CPU's vector ISA, whatever
#                ISA the schedule names: LLVM legalizes the vector types);
# the original:  gcc and clang-19 (when installed) FLAGS -O2 -Wall -Wextra
#                -Werror -Wno-unknown-pragmas FILE.c, each compared;
# FLAGS: -std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -I<dir>.
# Both programs run with ARGS; their stdout is compared by test/tolcmp.py
# with the tolerance of the schedule's `// tolerance: REL [abs ABS]` line
# (defaults rel 1e-6, abs 1e-30), the rule of test/difftol.sh.  -O0 keeps
# the kernels' stack frames as built (a vector stored through a scalar's
# address, for instance, corrupts the caller's frame at -O0).  A line
# `// same as: OTHER.sched` (test/difftol.sh) asks, here too, for the same
# bytes as the .o path of OTHER.sched prints.
set -eu
schedcc=$1 src=$2 sched=$3
shift 3
opt=
case ${1:-} in -O[0-3]) opt=$1; shift ;; esac
here=$(dirname "$0")
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-llvmtol.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -I$(dirname "$src")"
rel=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
rel=${rel:-1e-6}
absol=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:.*[[:space:]]abs[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
absol=${absol:-1e-30}
same=$(sed -n 's|^[[:space:]]*//[[:space:]]*same as:[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)

if ! "$schedcc" "$src" -s "$sched" -c $opt -o "$tmp/prog.o" -- $common; then
  echo "FAIL: schedcc -c $opt failed ($src with $sched)"
  exit 1
fi
# the libraries of loop.to_library calls (the object's .schedcc.link)
libs=$(grep -ao 'schedcc-link:[-a-z ]*' "$tmp/prog.o" | sed 's/^schedcc-link://' | tr '\n' ' ')
$CC "$tmp/prog.o" -o "$tmp/prog_llvm" -lm $libs
"$tmp/prog_llvm" "$@" >"$tmp/llvm.out"
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  $cc $common -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas "$src" -o "$tmp/orig" -lm
  "$tmp/orig" "$@" >"$tmp/orig.out"
  printf '%s: ' "$cc"
  python3 "$here/tolcmp.py" "$tmp/orig.out" "$tmp/llvm.out" "$rel" "$absol"
done
if [ -n "$same" ]; then
  "$schedcc" "$src" -s "$(dirname "$sched")/$same" -c $opt -o "$tmp/ref.o" -- $common
  $CC "$tmp/ref.o" -o "$tmp/ref_llvm" -lm $libs
  "$tmp/ref_llvm" "$@" >"$tmp/ref.out"
  if ! cmp -s "$tmp/ref.out" "$tmp/llvm.out"; then
    echo "FAIL: the .o path's output differs from $same's:"
    diff "$tmp/ref.out" "$tmp/llvm.out" | head -20
    exit 1
  fi
  echo "the same output as $same's .o path ($(wc -l <"$tmp/llvm.out") lines)"
fi
