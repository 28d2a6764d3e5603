#!/bin/sh
# Differential test with a tolerance: the program transformed by schedcc
# prints what the original prints, numbers within a relative tolerance
# (vectorized reductions reassociate sums, fused multiply-adds round once).
#
#   test/difftol.sh SCHEDCC FILE.c SCHEDULE [ARGS...]
#
# Both programs are built by the same compiler ($CC, default cc) with
# -ffp-contract=off and the flags of the vector ISA the generated code uses
# (test/difftol/isa-flags.sh), run, and their stdout compared token by
# token: a whitespace-separated token that parses as a number (decimal or
# hexadecimal floating point) must satisfy |a - b| <= rel * max(|a|, |b|)
# + abs, any other token must be equal.  rel and abs come from a line
# `// tolerance: 1e-5` or `// tolerance: 1e-5 abs 1e-4` in the schedule
# (defaults: rel 1e-6, abs 1e-30; abs matters for sums that cancel to
# near zero).  The
# generated file must compile without warnings (-Wall -Wextra -Werror)
# under gcc and, when installed, clang-19.  When the host cannot run the
# ISA the generated code uses, the test is skipped (exit 0, "skipped: host
# lacks avx512").
set -eu
schedcc=$1 src=$2 sched=$3
shift 3
here=$(dirname "$0")
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-difftol.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc="-I$(dirname "$src")"
common="-std=c17 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $inc"
rel=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
rel=${rel:-1e-6}
absol=$(sed -n 's|^[[:space:]]*//[[:space:]]*tolerance:.*[[:space:]]abs[[:space:]]*\([^[:space:]]*\).*|\1|p' "$sched" | head -1)
absol=${absol:-1e-30}

"$schedcc" "$src" -s "$sched" -o "$tmp/gen.c" -- $common

if ! isa=$(sh "$here/difftol/isa-flags.sh" "$tmp/gen.c"); then
  echo "skipped: $isa"
  exit 0
fi
common="$common $isa"

for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc $common -Wall -Wextra -Werror -fsyntax-only "$tmp/gen.c" 2>"$tmp/warn"; then
    echo "FAIL: generated code does not compile cleanly with $cc:"
    cat "$tmp/warn"
    exit 1
  fi
done

$CC $common $CFLAGS "$src" -o "$tmp/orig" -lm
$CC $common $CFLAGS "$tmp/gen.c" -o "$tmp/gen" -lm
"$tmp/orig" "$@" >"$tmp/orig.out"
"$tmp/gen" "$@" >"$tmp/gen.out"
if [ ! -s "$tmp/orig.out" ]; then
  echo "FAIL: the program printed nothing; nothing was compared"
  exit 1
fi
if ! python3 - "$tmp/orig.out" "$tmp/gen.out" "$rel" "$absol" <<'PY'
import math, sys
def num(t):
    try:
        return float.fromhex(t) if 'x' in t.lower() else float(t)
    except ValueError:
        return None
a = open(sys.argv[1]).read().split()
b = open(sys.argv[2]).read().split()
rel, absol = float(sys.argv[3]), float(sys.argv[4])
if len(a) != len(b):
    print("FAIL: %d tokens printed, the original printed %d" % (len(b), len(a)))
    sys.exit(1)
worst, bad = 0.0, []
for i, (x, y) in enumerate(zip(a, b)):
    u, v = num(x), num(y)
    if u is None or v is None:
        if x != y:
            bad.append("token %d: '%s' vs '%s'" % (i, x, y))
        continue
    if math.isnan(u) or math.isnan(v):
        if not (math.isnan(u) and math.isnan(v)):
            bad.append("token %d: %s vs %s" % (i, x, y))
        continue
    d = abs(u - v)
    lim = rel * max(abs(u), abs(v)) + absol
    if u != v and (math.isinf(u) or math.isinf(v) or d > lim):
        bad.append("token %d: %s vs %s (relative difference %.3g)" %
                   (i, x, y, d / max(abs(u), abs(v))))
    elif d:
        worst = max(worst, d / max(abs(u), abs(v)))
if bad:
    print("FAIL: %d numbers differ by more than the tolerance %g" % (len(bad), rel))
    print("\n".join(bad[:20]))
    sys.exit(1)
print("ok: %d tokens agree within %g (largest relative difference %.3g)" %
      (len(a), rel, worst))
PY
then
  exit 1
fi
