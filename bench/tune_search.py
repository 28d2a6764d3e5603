#!/usr/bin/python3
"""bench/tune_search.py — how close schedcc-tune's search gets to the best
values of samples/bmm.tune.sched in 60 trials, without timing anything:
the trials' times come from a model of the measured landscape with
timing noise, so that many seeds of the search can be compared in
seconds and the comparison does not depend on how busy the machine is.

    bench/tune_search.py [BUILD_DIR] [SEEDS] [-- schedcc-tune options]

BUILD_DIR (default build) holds schedcc and schedcc-tune; SEEDS (default
40) runs of 60 trials each, `--runs 3`, seeds 0 .. SEEDS - 1.  Prints,
for the tuner as configured (the options after `--`, e.g. `--local 0`
for TPE alone), the mean and worst true time of the values each run
chose as its best, and how many runs chose values within 0.8% of the
optimum.  The true time of values (ms) is a model fitted by eye to the
Zen 4 measurements of 2026-11-27 (docs/tuning.md): 12.8 at 28
accumulators (14 x 2), k blocks outermost, k unrolled by 8, kc about 320,
B not packed; plus 1/6 ms per accumulator missing or extra, 0.4 for the
other loop order, 0.1 per step of k unrolling short of 8, kc's distance
from 320 / 1500, 0.2 for packing; 780 for the plain tiling (vect = 0).
Each run of a variant adds Gaussian noise of 1.5% (the spread of the
bmm sample's one-call timing on the shared machine).  The tuner is the
real schedcc-tune with its compile and run steps replaced (its
ModelTuner, which test/tune-search.py uses to test its behaviour).
"""
import importlib.machinery
import importlib.util
import io
import os
import random
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
argv = sys.argv[1:]
extra = []
if "--" in argv:
    k = argv.index("--")
    argv, extra = argv[:k], argv[k + 1:]
build = argv[0] if argv else os.path.join(root, "build")
if not os.path.isdir(build):
    build = os.path.join(root, build)
seeds = int(argv[1]) if len(argv) > 1 else 40
os.environ["SCHEDCC"] = os.path.join(build, "schedcc")
loader = importlib.machinery.SourceFileLoader(
    "schedcc_tune", os.path.join(build, "schedcc-tune"))
spec = importlib.util.spec_from_loader("schedcc_tune", loader)
st = importlib.util.module_from_spec(spec)
loader.exec_module(st)

OPTIMUM = 12.8


def plain_tiling_reads(v):
    """The program values give: the plain tiling (vect = 0) reads only mr
    and kc."""
    return tuple(sorted(v.items())) if v["vect"] else (v["mr"], v["kc"])


def true_ms(v):
    if v["vect"] == 0:
        return 780.0
    return OPTIMUM + abs(v["mr"] * v["vecs"] - 28) / 6 + \
        (0 if v["order"] else 0.4) + (8 - v["ku"]) / 10 + \
        abs(v["kc"] - 320) / 1500 + 0.2 * v["pack"]


chosen = []
for seed in range(seeds):
    o = st.parse_args([os.path.join(root, "samples", "bmm.c"), "-s",
                       os.path.join(root, "samples", "bmm.tune.sched"),
                       "--trials", "60", "--runs", "3", "--seed", str(seed)] +
                      extra + ["--", "-ffp-contract=off"])
    noise = random.Random(seed)
    t = st.ModelTuner(o, lambda v, batch: true_ms(v) *
                      (1 + noise.gauss(0, 0.015)),
                      variant=plain_tiling_reads, ref_ms=1100.0)
    saved, sys.stderr = sys.stderr, io.StringIO()
    try:
        t.tune()
    finally:
        sys.stderr = saved
    chosen.append(true_ms(t.best().params))
near = sum(1 for c in chosen if c <= OPTIMUM * 1.008)
print("schedcc-tune %s: %d seeds of 60 trials on a model of bmm.tune.sched "
      "(optimum %.1f ms): the chosen values' true time mean %.3f, worst "
      "%.3f ms; %d of %d within 0.8%% of the optimum" %
      (" ".join(extra) or "(defaults)", seeds, OPTIMUM,
       statistics.mean(chosen), max(chosen), near, seeds))
