#!/usr/bin/python3
"""The search of schedcc-tune, with the timing replaced by known functions
of the values (no compiler, no timing noise of the machine: the behaviour
of the search is what is tested, deterministically):

 1. the pattern search (--local 1: from the defaults, every trial a
    neighbour of the best so far) walks test/tune/tiny.tune.sched's space to
    the optimum of a function with one minimum, and marks its trials as
    local in the CSV; each local trial differs from the best before it in
    one parameter;
 2. neighbours(): adjacent values of each domain, twice and half a range's
    value, nothing outside the domain; a move that breaks a constraint
    walked back to the first value that keeps it (pull_back);
 3. a contender (a first timing within 3% of the best, or faster) is timed
    again with twice --runs, and counts with the median of all its runs:
    a variant whose first runs were lucky does not become the best;
 4. with --local 0 no trial is local.

    test/tune-search.py SCHEDCC_TUNE SCHEDCC DIR
"""
import csv
import importlib.machinery
import importlib.util
import os
import random
import shutil
import sys
import tempfile

tune_path, schedcc, tdir = sys.argv[1:4]
os.environ["SCHEDCC"] = schedcc
loader = importlib.machinery.SourceFileLoader("schedcc_tune", tune_path)
spec = importlib.util.spec_from_loader("schedcc_tune", loader)
st = importlib.util.module_from_spec(spec)
loader.exec_module(st)

fails = 0


def fail(msg):
    global fails
    print("FAIL: " + msg)
    fails += 1


# the space of tiny.tune.sched: ti, tk, tj (divisors of 96), split (0, 2,
# 4), vect (0, 1); the optimum of the functions below
TARGET = {"ti": 24, "tk": 4, "tj": 32, "split": 4, "vect": 1}


def index_distance(values):
    """Sum over the parameters of how many domain steps a value is from
    TARGET's: one minimum, reachable by single moves."""
    dom = {"ti": [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96],
           "tk": [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96],
           "tj": [4, 6, 8, 12, 16, 24, 32, 48, 96],
           "split": [0, 2, 4], "vect": [0, 1]}
    return sum(abs(dom[k].index(values[k]) - dom[k].index(TARGET[k]))
               for k in TARGET)


def run(args, timing, tmp, name):
    out = os.path.join(tmp, name + ".csv")
    o = st.parse_args([os.path.join(tdir, "tiny.c"), "-s",
                       os.path.join(tdir, "tiny.tune.sched"), "--runs", "3",
                       "--csv", out] + args + ["--", "-ffp-contract=off"])
    t = st.ModelTuner(o, timing)
    with open(os.path.join(tmp, "progress.log"), "a") as log:
        sys.stderr = log
        try:
            status = t.tune()
        finally:
            sys.stderr = sys.__stderr__
    with open(out) as f:
        rows = list(csv.DictReader(f))
    return status, t, rows


tmp = tempfile.mkdtemp(prefix="tune-search.")

# 1. pattern search from the defaults to the optimum
status, t, rows = run(["--trials", "40", "--local", "1", "--seed", "1"],
                      lambda v, n: 10.0 + index_distance(v), tmp, "local")
best = t.best()
if status != 0 or best is None:
    fail("the pattern search ended with %d" % status)
elif best.params != TARGET:
    fail("the pattern search ended at %s (%.1f), not at %s" %
         (best.params, best.value, TARGET))
local = [r for r in rows if r["local"] == "1"]
if len(local) < 5:
    fail("%d local trials, expected most of 40" % len(local))
# every local trial is one move from the best of the trials before it
names = list(TARGET)
done = []
for r in rows:
    vals = {k: int(r[k]) for k in names}
    if r["local"] == "1" and done:
        b = min(done, key=lambda x: x[0])[1]
        moved = [k for k in names if vals[k] != b[k]]
        if len(moved) != 1:
            fail("local trial %s moves %s from the best %s" %
                 (r["trial"], moved, b))
    if r["status"] == "ok":
        done.append((float(r["time_ms"]), vals))

# 2. neighbours: the domains' adjacent values, twice and half a range's
p = [{"name": "r", "domain": "range", "low": 1, "high": 28, "step": 1},
     {"name": "c", "domain": "choice", "values": [128, 256, 384]},
     {"name": "d", "domain": "range", "low": 1, "high": 96, "step": 1,
      "divides": 96, "values": [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96]}]
got = st.neighbours(p, {"r": 7, "c": 128, "d": 12}, random.Random(1))
want = [{"r": 6, "c": 128, "d": 12}, {"r": 8, "c": 128, "d": 12},
        {"r": 14, "c": 128, "d": 12}, {"r": 3, "c": 128, "d": 12},
        {"r": 7, "c": 256, "d": 12},
        {"r": 7, "c": 128, "d": 8}, {"r": 7, "c": 128, "d": 16},
        {"r": 7, "c": 128, "d": 24}, {"r": 7, "c": 128, "d": 6}]
key = lambda v: sorted(v.items())
if sorted(got, key=key) != sorted(want, key=key):
    fail("neighbours of r=7 c=128 d=12: %s" % got)
got = st.neighbours(p, {"r": 28, "c": 384, "d": 96}, random.Random(1))
if any(v["r"] > 28 or v["c"] not in (128, 256, 384) or v["d"] > 96
       for v in got) or {"r": 27, "c": 384, "d": 96} not in got:
    fail("neighbours at the top of the domains: %s" % got)

# a move that breaks a constraint is walked back to the last value that
# keeps it, unless that is an adjacent move anyway
class Params:
    params = p
pb = lambda vals, cand, ok: st.Tuner.pull_back(Params, vals, cand, ok)
budget = lambda c: c["r"] * 2 + 3 <= 32
if pb({"r": 8, "c": 128, "d": 12}, {"r": 16, "c": 128, "d": 12}, budget) != \
        {"r": 14, "c": 128, "d": 12}:
    fail("8 rows doubled to 16 over the budget is not walked back to 14")
if pb({"r": 13, "c": 128, "d": 12}, {"r": 26, "c": 128, "d": 12}, budget) \
        is not None:
    fail("a walk back to the adjacent value 14 is not None")
if pb({"r": 7, "c": 128, "d": 3}, {"r": 7, "c": 128, "d": 6},
      lambda c: c["d"] != 6) is not None:
    fail("a walk back with no value between is not None")
if pb({"r": 7, "c": 128, "d": 24}, {"r": 7, "c": 128, "d": 12},
      lambda c: c["d"] > 12) is not None:
    fail("a walk back to the adjacent 16 is not None")
if pb({"r": 20, "c": 128, "d": 48}, {"r": 10, "c": 128, "d": 48},
      lambda c: c["r"] % 4 == 0) != {"r": 12, "c": 128, "d": 48}:
    fail("half of 20 rows (10) failing is not walked back to 12")

# 3. a contender whose first runs are lucky does not become the best: the
# defaults take 10 ms; every other variant 11 ms, except that its first
# batch of runs says 9 ms (ahead of the best: timed again, 6 more runs at
# 11, median 11)
status, t, rows = run(["--trials", "12", "--local", "0", "--seed", "2"],
                      lambda v, n: 10.0 if v == {"ti": 8, "tk": 16, "tj": 16,
                                                 "split": 2, "vect": 0}
                      else (9.0 if n == 0 else 11.0), tmp, "contender")
best = t.best()
if best is None or best.value != 10.0:
    fail("a lucky first timing became the best: %s" %
         str(best and (best.params, best.value)))
retimed = [k for k, n in t.batches.items() if n == 2]
if len(retimed) < 5:
    fail("%d variants timed again, expected every one (all are contenders)"
         % len(retimed))
# a variant 5% slower than the best is no contender: timed once
status, t, rows = run(["--trials", "6", "--local", "0", "--seed", "2"],
                      lambda v, n: 10.0 if v["vect"] == 0 and v["ti"] == 8
                      else 10.5 + 0.1 * n, tmp, "slow")
if any(n > 1 for k, n in t.batches.items()
       if dict(k)["ti"] != 8 or dict(k)["vect"] != 0):
    fail("a variant 5%% slower than the best was timed again: %s" %
         t.batches)

# 4. --local 0: TPE alone
if any(r["local"] == "1" for r in rows):
    fail("--local 0 ran local trials")

if fails:
    print("see %s/progress.log" % tmp)
    sys.exit(1)
shutil.rmtree(tmp, ignore_errors=True)
print("ok: pattern search, neighbours, contenders timed again")
