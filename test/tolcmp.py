#!/usr/bin/env python3
"""tolcmp.py — compares two program outputs token by token with a tolerance.

    python3 test/tolcmp.py EXPECTED ACTUAL REL ABS

A whitespace-separated token that parses as a number (decimal or
hexadecimal floating point) must satisfy |a - b| <= REL * max(|a|, |b|) +
ABS (NaN matches NaN, infinities must be equal); any other token must be
equal.  Exit status 0 when everything agrees, 1 otherwise (the first
differences are printed).  Used by test/difftol.sh and
test/diff-llvm-tol.sh.
"""
import math
import sys


def num(t):
    try:
        return float.fromhex(t) if 'x' in t.lower() else float(t)
    except ValueError:
        return None


def main():
    a = open(sys.argv[1]).read().split()
    b = open(sys.argv[2]).read().split()
    rel, absol = float(sys.argv[3]), float(sys.argv[4])
    if not a:
        print("FAIL: the program printed nothing; nothing was compared")
        return 1
    if len(a) != len(b):
        print("FAIL: %d tokens printed, the original printed %d" %
              (len(b), len(a)))
        return 1
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
        print("FAIL: %d numbers differ by more than the tolerance %g" %
              (len(bad), rel))
        print("\n".join(bad[:20]))
        return 1
    print("ok: %d tokens agree within %g (largest relative difference %.3g)" %
          (len(a), rel, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
