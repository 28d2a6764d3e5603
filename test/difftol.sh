#!/bin/sh
# Differential test with a tolerance: the program transformed by schedcc
# prints what the original prints, numbers within a relative tolerance
# (vectorized reductions reassociate sums, fused multiply-adds round once).
#
#   test/difftol.sh SCHEDCC FILE.c SCHEDULE [ARGS...]
#
# Both programs are built for real by gcc and by clang-19 (when
# installed), each with -O2 -Wall -Wextra -Werror -ffp-contract=off (the
# original also with -Wno-unknown-pragmas) and the flags of the vector ISA
# the generated code uses (test/difftol/isa-flags.sh), run, and each
# compiler's two outputs compared token by token: a whitespace-separated token that parses as a number (decimal or
# hexadecimal floating point) must satisfy |a - b| <= rel * max(|a|, |b|)
# + abs, any other token must be equal.  rel and abs come from a line
# `// tolerance: 1e-5` or `// tolerance: 1e-5 abs 1e-4` in the schedule
# (defaults: rel 1e-6, abs 1e-30; abs matters for sums that cancel to
# near zero).  A line `// same as: OTHER.sched` (a path relative to the
# schedule's folder) asks for more: the program built with this schedule
# prints exactly, byte for byte, what the program built with OTHER.sched
# prints (a schedule that must not change a single rounding, such as
# loop.vectorize {fma_adds}, against the same schedule without it).  When
# the host cannot run the
# ISA the generated code uses, the test is skipped (exit 0, "skipped: host
# lacks avx512").  DIFFTOL_TARGET (e.g. -march=znver2) is given to schedcc
# alone: its machine model, and so a schedule's param.target values, are
# those of that CPU, while both programs are built for the host (with the
# flags of the ISA the generated code uses): the AVX2 or SSE path of a
# portable schedule, run on an AVX-512 host.
set -eu
schedcc=$1 src=$2 sched=$3
shift 3
here=$(dirname "$0")
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-difftol.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"
rel=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
rel=${rel:-1e-6}
absol=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:.*[[:space:]]abs[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
absol=${absol:-1e-30}
same=$(sed -n 's|^[[:space:]]*//[[:space:]]*same as:[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)

"$schedcc" "$src" -s "$sched" -o "$tmp/gen.c" -- $common ${DIFFTOL_TARGET:-}

if ! isa=$(sh "$here/difftol/isa-flags.sh" "$tmp/gen.c"); then
  echo "skipped: $isa"
  exit 0
fi
common="$common $isa"
if [ -n "$same" ]; then
  "$schedcc" "$src" -s "$(dirname "$sched")/$same" -o "$tmp/ref.c" -- $common ${DIFFTOL_TARGET:-}
fi
# the libraries of loop.to_library calls (the C backend's comment)
libs=$(sed -n 's|^/\* schedcc-link: \(.*\) \*/$|\1|p' "$tmp/gen.c" | tr '\n' ' ')
# OpenMP directives in the output (loop.parallel, or the source's own):
# built with -fopenmp (a tolerance covers reductions in any order)
if grep -q '^[[:space:]]*#[[:space:]]*pragma[[:space:]][[:space:]]*omp' "$tmp/gen.c"; then
  libs="$libs -fopenmp"
  common_gen="-fopenmp"
fi

# gcc -O1 sees -Wmaybe-uninitialized cases that -O2 inlines away (a pack
# buffer read before its tile is copied): the generated file compiles
# cleanly there too.
if ! gcc $common ${common_gen:-} -O1 -Wall -Wextra -Werror -c "$tmp/gen.c" -o "$tmp/gen1.o" 2>"$tmp/warn"; then
  echo "FAIL: generated code does not compile cleanly with gcc -O1:"
  cat "$tmp/warn"
  exit 1
fi
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common $CFLAGS -Wall -Wextra -Werror "$tmp/gen.c" -o "$tmp/gen" -lm $libs 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc $CFLAGS:"
    cat "$tmp/warn"
    exit 1
  fi
  $cc $common $CFLAGS -Wall -Wextra -Werror -Wno-unknown-pragmas "$src" -o "$tmp/orig" -lm
  "$tmp/orig" "$@" >"$tmp/orig.out"
  "$tmp/gen" "$@" >"$tmp/gen.out"
  if [ ! -s "$tmp/orig.out" ]; then
    echo "FAIL: the program printed nothing; nothing was compared"
    exit 1
  fi
  printf '%s: ' "$cc"
  if ! python3 "$here/tolcmp.py" "$tmp/orig.out" "$tmp/gen.out" "$rel" "$absol"; then
    exit 1
  fi
  if [ -n "$same" ]; then
    $cc $common $CFLAGS -Wall -Wextra -Werror "$tmp/ref.c" -o "$tmp/ref" -lm $libs
    "$tmp/ref" "$@" >"$tmp/ref.out"
    if ! cmp -s "$tmp/ref.out" "$tmp/gen.out"; then
      echo "FAIL: $cc: the output differs from $same's:"
      diff "$tmp/ref.out" "$tmp/gen.out" | head -20
      exit 1
    fi
    echo "$cc: the same output as $same ($(wc -l <"$tmp/gen.out") lines)"
  fi
done
