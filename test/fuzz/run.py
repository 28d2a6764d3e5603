#!/usr/bin/python3
"""run.py -- the random differential tester: random kernels x random
schedules through schedcc, every accepted schedule checked against the
original program.

    test/fuzz/run.py --schedcc build/schedcc [--seed S] [--count N |
        --seconds T] [--per-kernel K] [--jobs J] [--save DIR]
        [--no-alias] [--alias-known-bad] [--no-llvm] [--quiet]
        [--order OPS]

For each kernel (test/fuzz/gen.py; kernel number q of seed S is generated
from Random(S * 1000003 + q); its guided schedules draw first the ops
the kernels before it, up to q - 8, applied least, an order a failure's
repro.sh records, so `--seed S --first q --count 1 --order OPS`
reproduces it) the original program is compiled with gcc and with clang-19 (-O2 -Wall
-Wextra -Werror -ffp-contract=off; the original alone also gets
-Wno-unknown-pragmas for `#pragma schedcc kernel`) and run, normally and,
when it has parameters that may share storage, with `./prog 1` (aliased
arguments).  Then the kernel without a schedule (the identity) and K random
schedules go through schedcc.  Checked for each pair:

  - the exit status is 0 or 1, never a signal, 2 (usage) or 3 (internal
    error), and no hang (120 s); status 1 prints an `error:` and writes no
    output file;
  - status 0: the output compiles warning-free with gcc and with clang-19
    (same flags, plus the ISA flags of its intrinsics, and -fopenmp when it
    has `#pragma omp`), and each binary prints exactly what the original
    built by the same compiler prints, in every mode; a schedule that
    contracts or reassociates (`contract`, `reassoc`, a floating-point
    `loop.parallel {reduction}`) is compared with the tolerance of its
    `// tolerance: REL abs ABS` line (1e-3, 1e-3: float sums of a few
    thousand terms of magnitude up to ~1e3 reassociated); a schedule with
    `loop.vectorize {fma_adds = F}` must also print exactly what the same
    schedule without fma_adds prints (its twin: the same roundings);
    the output of a near-limit or int kernel is also built by clang-19
    with signed overflow trapping (-fsanitize=signed-integer-overflow
    -fsanitize-trap) and must run: a transform must not form a signed
    value past its type's limits that the program never formed;
  - the same through `schedcc -c --target-isa=ISA` (the LLVM backend; ISA
    scalar, the C path's default, or a vector ISA the host runs, one per
    pair), linked by gcc;
    compared with the gcc-built original;
  - for one accepted pair in --neon-share (default 4), when the aarch64
    cross compiler and qemu-aarch64 are installed: the schedule with its
    ISA replaced by "neon" (and `width`, `size` dropped: one 128-bit
    register) for
    --target=aarch64-linux-gnu, both paths (C with <arm_neon.h> built by
    aarch64-linux-gnu-gcc, and `-c`), run under qemu-aarch64 and compared
    with the original built and run the same way (OpenMP directives are
    ignored there: built without -fopenmp).

Every failure is saved under --save (default fuzz-failures/) as a folder
with kernel.c, kernel.sched, repro.sh (the commands), and what differed.
At the end: pairs run, per-op counts (applied / refused by the op / other
schedule errors / not reached), failures by kind.  Exit status 1 when any
failure was found.
"""

import argparse
import collections
import concurrent.futures
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
# -fno-builtin-<f> for the transcendental functions the generator calls:
# gcc -O2 evaluates a call whose argument it knows (the kernels are inlined
# into main with constant sizes) at compile time, correctly rounded, where
# glibc's tanhf at run time may differ in the last bit, so the same source
# printed different values depending on which copies gcc could fold (seed
# 777001, kernel 24: the original folded, the skewed loop not)
STD = ["-std=c17", "-ffp-contract=off", "-D_POSIX_C_SOURCE=200809L"] + \
    ["-fno-builtin-" + f for f in ("exp", "expf", "sin", "sinf", "cos",
                                   "cosf", "tanh", "tanhf")]
WARN = ["-O2", "-Wall", "-Wextra", "-Werror"]
COMPILERS = ["gcc", "clang-19"]
XCC = "aarch64-linux-gnu-gcc"
QEMU = shutil.which("qemu-aarch64") or shutil.which("qemu-aarch64-static")
HAVE_NEON = bool(QEMU and shutil.which(XCC))
# gcc 12's flow warnings about values of n it cannot rule out (a copy of a
# loop it cannot prove empty or full): judged by running the program under
# a checker (gcc_false_positive), then built again without them.  The first
# four are about memory bounds (ASan and UBSan judge them), the last about
# uninitialized values (valgrind judges it).
FLOW_WARNINGS = ("array-bounds", "aggressive-loop-optimizations",
                 "stringop-overflow", "stringop-overread",
                 "maybe-uninitialized")
FLOW_OFF = ["-Wno-" + w for w in FLOW_WARNINGS]


def flow_warnings_only(err):
    """The -W flags of gcc's complaints in err when all of them are flow
    warnings (FLOW_WARNINGS), else None."""
    flags = set(f[len("error="):] if f.startswith("error=") else f
                for f in re.findall(r"\[-W([a-z0-9=-]+)\]", err))
    flags.discard("error")
    if not flags or any(not f.startswith(FLOW_WARNINGS) for f in flags):
        return None
    return flags


def host_isas():
    """The vector ISAs of schedcc's --target-isa this CPU runs
    (/proc/cpuinfo's flags)."""
    try:
        flags = set(re.search(r"^flags\s*:(.*)$", open("/proc/cpuinfo").read(),
                              re.M).group(1).split())
    except (OSError, AttributeError):
        return []
    return [isa for isa, f in (("sse4.2", "sse4_2"), ("avx2", "avx2"),
                               ("avx512", "avx512f")) if f in flags]


# the -c path's target ISAs: scalar (the C path's default) and every one
# the host runs, one per pair
C_ISAS = ["scalar"] + host_isas()
CPU = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""


def has(flag):
    return re.search(r"\b%s\b" % re.escape(flag), CPU) is not None


def isa_flags(text):
    """The flags of the intrinsics in a generated file, or None when the
    host cannot run them (test/difftol/isa-flags.sh)."""
    if "_mm512_" in text:
        return ["-mavx512f", "-mavx2", "-mfma"] if has("avx512f") else None
    if "_mm256_" in text:
        return ["-mavx2", "-mfma"] if has("avx2") and has("fma") else None
    if "_mm_" in text:
        return ["-msse4.2"] if has("sse4_2") else None
    return []


def sh(cmd, timeout=120, env=None, cwd=None):
    """Runs cmd in a session of its own: on a timeout the whole group goes
    (a compiler driver's cc1 outlived its killed driver for 19 minutes,
    slowing every later pair)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, cwd=cwd, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.communicate()
        return "timeout", "", "timed out after %d s" % timeout
    return p.returncode, out.decode("utf-8", "replace"), \
        err.decode("utf-8", "replace")


def num(t):
    try:
        return float(t)
    except ValueError:
        return None


NAN_SIGN = re.compile(r"-(nan|NAN)\b")


def compare(a, b, tol):
    """None when equal (within tol = (rel, abs) if given), else a message.
    Any NaN equals any NaN, "-nan" and "nan" too: IEEE 754-2008 (6.3) does
    not specify the sign of a NaN an operation delivers, and which operand's
    NaN an addition propagates on x86 depends on the operand order the
    compiler chose (seed 71125, kernel 32: gcc's original printed "nan",
    the .o path of the identity schedule "-nan")."""
    if tol is None:
        a, b = NAN_SIGN.sub(r"\1", a), NAN_SIGN.sub(r"\1", b)
        if a == b:
            return None
        la, lb = a.splitlines(), b.splitlines()
        if len(la) != len(lb):
            return "%d lines printed, the original printed %d" % (len(lb),
                                                                 len(la))
        bad = [i for i, (x, y) in enumerate(zip(la, lb)) if x != y]
        return "%d lines differ, first: line %d: '%s' (original) vs '%s'" % (
            len(bad), bad[0] + 1, la[bad[0]], lb[bad[0]])
    rel, absol = tol
    ta, tb = a.split(), b.split()
    if len(ta) != len(tb):
        return "%d tokens printed, the original printed %d" % (len(tb), len(ta))
    bad = []
    for i, (x, y) in enumerate(zip(ta, tb)):
        u, v = num(x), num(y)
        if u is None or v is None:
            if x != y:
                bad.append((i, x, y))
            continue
        if math.isnan(u) or math.isnan(v):
            if not (math.isnan(u) and math.isnan(v)):
                bad.append((i, x, y))
            continue
        if u != v and (math.isinf(u) or math.isinf(v) or
                       abs(u - v) > rel * max(abs(u), abs(v)) + absol):
            bad.append((i, x, y))
    if not bad:
        return None
    i, x, y = bad[0]
    return ("%d numbers differ beyond rel %g abs %g, first: token %d: %s "
            "(original) vs %s" % (len(bad), rel, absol, i + 1, x, y))


def tolerance_of(sched):
    m = re.search(r"^\s*//\s*tolerance:\s*(\S+)(?:.*\babs\s+(\S+))?", sched,
                  re.M)
    if not m:
        return None
    return float(m.group(1)), float(m.group(2) or 1e-30)


class Result:
    def __init__(self):
        self.pairs = 0
        self.kernels = 0
        self.accepted = 0
        self.refused = 0
        self.twins = 0  # schedules with fma_adds checked against their twin
        self.guided = 0  # schedules built op by op (--guided-share)
        self.bounds_fp = 0  # gcc flow warnings judged false by checkers
        self.trapv = 0  # outputs also run with signed overflow trapping
        self.c_isas = collections.Counter()  # -c path runs per target ISA
        self.c_isa_conflicts = 0  # -c refused: the target ISA vs an isa
        self.guide_runs = 0  # schedcc runs the guided generator made
        self.neon = 0  # pairs also checked for AArch64 NEON under qemu
        self.neon_vec = 0  # of those, with NEON intrinsics
        self.ops = collections.defaultdict(collections.Counter)
        self.fails = collections.Counter()
        self.fail_dirs = []
        self.kernel_bad = 0
        self.msgs = collections.Counter()
        self.known = collections.Counter()

    def merge(self, o):
        self.pairs += o.pairs
        self.kernels += o.kernels
        self.accepted += o.accepted
        self.refused += o.refused
        self.twins += o.twins
        self.neon += o.neon
        self.guided += o.guided
        self.bounds_fp += o.bounds_fp
        self.trapv += o.trapv
        self.c_isas.update(o.c_isas)
        self.c_isa_conflicts += o.c_isa_conflicts
        self.guide_runs += o.guide_runs
        self.neon_vec += o.neon_vec
        for k, v in o.ops.items():
            self.ops[k].update(v)
        self.fails.update(o.fails)
        self.fail_dirs += o.fail_dirs
        self.kernel_bad += o.kernel_bad
        self.msgs.update(o.msgs)
        self.known.update(o.known)


class Case:
    """One kernel and its schedules, in a temporary folder."""

    def __init__(self, args, seed, q, order):
        self.a = args
        self.seed, self.q = seed, q
        self.order = order  # the guided generator's first ops
        self.res = Result()
        self.tmp = tempfile.mkdtemp(prefix="schedcc-fuzz.")
        self.rng = random.Random(seed * 1000003 + q)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def c_isa(self, sidx):
        """The -c path's --target-isa for pair sidx: scalar or one the host
        runs, drawn from a generator of its own (the kernels and
        schedules of a seed stay what they were)."""
        return random.Random("%s-%s-%s" % (self.seed, self.q, sidx)).choice(
            C_ISAS)

    def fail(self, kind, sidx, sched, msg, extra=None):
        """Saves the case under --save and counts it."""
        if self.a.alias_known and kind in ("wrong-alias", "llvm-wrong-alias"):
            # --alias-known-bad: reported and saved, not a failure
            kind = "known-" + kind
            self.res.known[kind] += 1
        else:
            self.res.fails[kind] += 1
        d = os.path.join(self.a.save, "%s-s%d-k%d-%s" % (
            kind, self.seed, self.q, "id" if sidx is None else sidx))
        os.makedirs(d, exist_ok=True)
        shutil.copy(self.path("kernel.c"), os.path.join(d, "kernel.c"))
        flags = " ".join(STD)
        lines = ["#!/bin/sh", "# %s: %s" % (kind, msg.splitlines()[0] if msg
                                             else ""),
                 "# regenerate: test/fuzz/run.py --schedcc SCHEDCC --seed %d "
                 "--first %d --count 1 --per-kernel %d --order %s" % (
                     self.seed, self.q, self.a.per_kernel,
                     ",".join(self.order) or "-"),
                 "SCHEDCC=${SCHEDCC:-schedcc}", "set -x"]
        s = ""
        if sched is not None:
            open(os.path.join(d, "kernel.sched"), "w").write(sched)
            s = " -s kernel.sched"
        lines.append("$SCHEDCC kernel.c%s -o gen.c -- %s; echo status $?" % (
            s, flags))
        lines.append("for cc in gcc clang-19; do")
        lines.append("  $cc %s %s -Wno-unknown-pragmas kernel.c -o orig -lm"
                     " && ./orig > orig.out && ./orig 1 > orig1.out" % (
                         flags, " ".join(WARN)))
        lines.append("  $cc %s %s $(sh ../../test/difftol/isa-flags.sh gen.c "
                     "2>/dev/null) -fopenmp gen.c -o gen -lm && ./gen > "
                     "gen.out && ./gen 1 > gen1.out" % (flags, " ".join(WARN)))
        lines.append("  diff orig.out gen.out | head; diff orig1.out gen1.out"
                     " | head")
        lines.append("done")
        lines.append("$SCHEDCC kernel.c%s -c -o prog.o --target-isa=%s -- %s "
                     "&& gcc prog.o -o prog_llvm -lm && ./prog_llvm | diff "
                     "orig.out - | head" % (s, self.c_isa(sidx), flags))
        open(os.path.join(d, "repro.sh"), "w").write("\n".join(lines) + "\n")
        with open(os.path.join(d, "what.txt"), "w") as f:
            f.write(kind + "\n" + msg + "\n")
        for name in extra or []:
            if os.path.exists(self.path(name)):
                shutil.copy(self.path(name), os.path.join(d, name))
        self.res.fail_dirs.append(d)
        if True:
            print("FAIL %s: %s (%s)" % (kind, msg.splitlines()[0] if msg else "",
                                       d), flush=True)

    # -- the original ----------------------------------------------------------
    def build_original(self):
        self.k = gen.gen_kernel(self.rng)
        open(self.path("kernel.c"), "w").write(self.k.src)
        self.modes = ["0", "1"] if (self.k.has_alias and self.a.alias) else ["0"]
        self.orig = {}
        for cc in COMPILERS:
            exe = self.path("orig." + cc)
            rc, out, err = sh([cc] + STD + WARN + ["-Wno-unknown-pragmas",
                                                   self.path("kernel.c"), "-o",
                                                   exe, "-lm"])
            if rc != 0:
                self.res.kernel_bad += 1
                self.fail("generator", None, None,
                          "the original does not compile with %s:\n%s" % (cc, err))
                return False
            for mode in self.modes:
                rc, out, err = sh([exe, mode], timeout=30)
                if rc != 0:
                    self.res.kernel_bad += 1
                    self.fail("generator", None, None,
                              "the original fails (%s, mode %s): %s %s" % (
                                  cc, mode, rc, err))
                    return False
                self.orig[(cc, mode)] = out
        for mode in self.modes:
            if self.orig[("gcc", mode)] != self.orig[("clang-19", mode)]:
                # not schedcc's fault; compare each with its own compiler
                pass
        return True

    # -- one pair ----------------------------------------------------------------
    def run_pair(self, sidx, sched, oplines, tol):
        r = self.res
        r.pairs += 1
        out_c = self.path("gen.c")
        if os.path.exists(out_c):
            os.unlink(out_c)
        cmd = [self.a.schedcc, self.path("kernel.c")]
        if sched is not None:
            open(self.path("kernel.sched"), "w").write(sched)
            cmd += ["-s", self.path("kernel.sched")]
        rc, out, err = sh(cmd + ["-o", out_c, "--"] + STD)
        open(self.path("schedcc.err"), "w").write(err)
        ops = [oplines[l] for l in sorted(oplines)]
        if rc == "timeout" or rc not in (0, 1):
            kind = "hang" if rc == "timeout" else "crash"
            self.fail(kind, sidx, sched, "schedcc exit status %s:\n%s" % (
                rc, err[-2000:]), ["schedcc.err"])
            for op in ops:
                r.ops[op]["crash"] += 1
            return
        if rc == 1:
            r.refused += 1
            if "error:" not in err:
                self.fail("silent-refusal", sidx, sched,
                          "exit status 1 without an error message",
                          ["schedcc.err"])
            if os.path.exists(out_c):
                self.fail("half-written", sidx, sched,
                          "exit status 1 but %s was written" % out_c)
            m = re.search(r"kernel\.sched:(\d+):\d+: error: (.*)", err)
            if sched is None or not m:
                if sched is None or re.search(r"kernel\.c:\d+:\d+: error:", err):
                    r.ops["(kernel refused)"]["refused"] += 1
                    if sched is None:
                        self.res.kernel_bad += 1
                        self.fail("identity-refused", sidx, sched,
                                  "the kernel without a schedule is refused:\n"
                                  + err[-2000:], ["schedcc.err"])
                for op in ops:
                    r.ops[op]["not reached"] += 1
                return
            line, msg = int(m.group(1)), m.group(2)
            r.msgs[re.sub(r"'[^']*'|%\w+(#\d+)?|\d+", "_", msg)[:110]] += 1
            for l in sorted(oplines):
                op = oplines[l]
                if l < line:
                    r.ops[op]["applied"] += 1
                elif l == line:
                    r.ops[op]["refused" if msg.startswith(op + ":") or
                              msg.startswith(op + " of ") or
                              msg.startswith(op.split(".")[-1])
                              else "schedule error"] += 1
                else:
                    r.ops[op]["not reached"] += 1
            return
        r.accepted += 1
        for op in ops:
            r.ops[op]["applied"] += 1
        self.check_output(sidx, sched, tol)
        if HAVE_NEON and self.a.neon_share > 0 and \
                r.accepted % self.a.neon_share == 0:
            self.check_neon(sidx, sched, tol)

    def accepts(self, text):
        """Whether schedcc applies a schedule to the kernel (exit 0): the
        guided generator keeps an op only then (gen.SGen.schedule_guided)."""
        self.res.guide_runs += 1
        path = self.path("guide.sched")
        open(path, "w").write(text)
        rc, out, err = sh([self.a.schedcc, self.path("kernel.c"), "-s", path,
                           "-o", self.path("guide.c"), "--"] + STD)
        if rc not in (0, 1):  # a crash: the pair run reports it
            return True
        return rc == 0

    # -- AArch64 NEON under qemu -------------------------------------------------
    def neon_original(self):
        """The original built by the cross compiler, run under qemu, per
        mode (once per kernel); None when it cannot be."""
        if hasattr(self, "orig_neon"):
            return self.orig_neon
        self.orig_neon = None
        exe = self.path("orig.neon")
        rc, out, err = sh([XCC] + STD + WARN + ["-Wno-unknown-pragmas",
                                                self.path("kernel.c"), "-o",
                                                exe, "-static", "-lm"])
        if rc != 0:
            self.fail("neon-generator", None, None, "the original does not "
                      "compile with %s:\n%s" % (XCC, err[:2000]))
            return None
        outs = {}
        for mode in self.modes:
            rc, out, err = sh([QEMU, exe, mode], timeout=60)
            if rc != 0:
                return None
            outs[mode] = out
        self.orig_neon = outs
        return outs

    def check_neon(self, sidx, sched, tol):
        orig = self.neon_original()
        if orig is None:
            return
        cmd = [self.a.schedcc, self.path("kernel.c")]
        if sched is not None:
            ns = re.sub(r'isa = "[^"]*"', 'isa = "neon"', sched)
            ns = re.sub(r"width = [^,}]*, *", "", ns)
            ns = re.sub(r", *width = [^,}]*", "", ns)
            ns = re.sub(r"size = [^,}]*, *", "", ns)
            ns = re.sub(r", *size = [^,}]*", "", ns)
            open(self.path("kernel.neon.sched"), "w").write(ns)
            cmd += ["-s", self.path("kernel.neon.sched")]
        flags = STD + ["--target=aarch64-linux-gnu"]
        gen_c = self.path("gen.neon.c")
        rc, out, err = sh(cmd + ["-o", gen_c, "--"] + flags)
        if rc == "timeout" or rc not in (0, 1):
            self.fail("neon-crash", sidx, sched, "schedcc for aarch64: exit "
                      "status %s:\n%s" % (rc, err[-2000:]))
            return
        if rc == 1:
            return  # refused for NEON (a width of the x86 schedule, say)
        self.res.neon += 1
        text = open(gen_c).read()
        self.res.neon_vec += "arm_neon.h" in text
        exes = []
        exe = self.path("gen.neon")
        rc, out, err = sh([XCC] + STD + WARN + ["-Wno-unknown-pragmas", gen_c,
                                                "-o", exe, "-static", "-lm"])
        if rc != 0 and flow_warnings_only(err) is not None:
            # gcc's flow warnings only: no checker runs under qemu, so the
            # x86 output of the same pair (judged by ASan, UBSan, valgrind)
            # and the run below, compared with the original, judge it
            self.res.bounds_fp += 1
            rc, out, err = sh([XCC] + STD + WARN + FLOW_OFF +
                              ["-Wno-unknown-pragmas", gen_c, "-o", exe,
                               "-static", "-lm"])
        if rc != 0:
            self.fail("neon-compile", sidx, sched, "the NEON output does not "
                      "compile cleanly with %s:\n%s" % (XCC, err[:3000]),
                      ["gen.neon.c", "kernel.neon.sched"])
            return
        exes.append(("C path", exe))
        if self.a.llvm:
            obj, exe2 = self.path("prog.neon.o"), self.path("prog.neon")
            rc, out, err = sh(cmd + ["-c", "-o", obj, "--"] + flags)
            if rc != 0:
                self.fail("neon-llvm", sidx, sched, "schedcc -c for aarch64: "
                          "exit status %s:\n%s" % (rc, err[-2000:]),
                          ["gen.neon.c", "kernel.neon.sched"])
                return
            rc, out, err = sh([XCC, obj, "-o", exe2, "-static", "-lm"])
            if rc != 0:
                self.fail("neon-link", sidx, sched, err[:2000])
                return
            exes.append((".o path", exe2))
        for what, exe in exes:
            for mode in self.modes:
                rc, out, err = sh([QEMU, exe, mode], timeout=60)
                d = "exit status %s" % rc if rc != 0 else \
                    compare(orig[mode], out, tol)
                if d:
                    open(self.path("neon.out"), "w").write(out)
                    open(self.path("orig.neon.out"), "w").write(orig[mode])
                    self.fail("neon-wrong", sidx, sched, "%s for aarch64, "
                              "mode %s: %s" % (what, mode, d),
                              ["gen.neon.c", "kernel.neon.sched", "neon.out",
                               "orig.neon.out"])
                    return

    def gcc_false_positive(self, err, isa, omp, env, tol):
        """Whether gcc's only complaints are flow warnings about values of
        n it cannot rule out (FLOW_WARNINGS: -Warray-bounds,
        -Waggressive-loop-optimizations, -Wstringop-overflow,
        -Wstringop-overread, -Wmaybe-uninitialized: a copy of a loop it
        cannot prove empty or full) and the program runs clean under the matching checker in
        every mode, printing what the original prints: ASan and UBSan for
        the bounds and undefined iterations, valgrind's memcheck
        (when installed) for uninitialized values.  Then the warning is
        gcc's false positive, not an overrun or an uninitialized read."""
        flags = flow_warnings_only(err)
        if flags is None:
            return False
        runs = []
        if any(f.startswith(FLOW_WARNINGS[:4]) for f in flags):
            exe = self.path("gen.asan")
            rc, out, e2 = sh(["gcc"] + STD + ["-O1", "-g", "-fsanitize="
                              "address,undefined", "-fno-sanitize-recover=all"]
                             + isa + omp + [self.path("gen.c"), "-o", exe,
                                            "-lm"])
            if rc != 0:
                return False
            runs.append(([exe], dict(env, ASAN_OPTIONS="detect_leaks=0")))
        if "maybe-uninitialized" in flags:
            if not shutil.which("valgrind"):
                return False
            exe = self.path("gen.vg")
            rc, out, e2 = sh(["gcc"] + STD + ["-O1", "-g"] + isa + omp +
                             [self.path("gen.c"), "-o", exe, "-lm"])
            if rc != 0:
                return False
            runs.append((["valgrind", "-q", "--error-exitcode=97", exe], env))
        for cmd, renv in runs:
            for mode in self.modes:
                rc, out, e2 = sh(cmd + [mode], timeout=120, env=renv)
                if rc != 0 or compare(self.orig[("gcc", mode)], out, tol):
                    return False
        return True

    def check_output(self, sidx, sched, tol):
        text = open(self.path("gen.c")).read()
        isa = isa_flags(text)
        if isa is None:
            return  # host lacks the ISA
        omp = ["-fopenmp"] if re.search(r"^\s*#\s*pragma\s+omp", text, re.M) \
            else []
        env = dict(os.environ, OMP_NUM_THREADS="2")
        outs = {}
        for cc in COMPILERS:
            exe = self.path("gen." + cc)
            rc, out, err = sh([cc] + STD + WARN + isa + omp +
                              [self.path("gen.c"), "-o", exe, "-lm"])
            if rc != 0 and cc == "gcc" and self.gcc_false_positive(
                    err, isa, omp, env, tol):
                # gcc 12's -Warray-bounds / -Wmaybe-uninitialized on a copy
                # of a loop it cannot prove empty or full (an unrolled main
                # loop for the constant n it inlined, a pack buffer filled
                # up to min(2, n + 1)); the checkers ran the program clean:
                # judged on the run, built without those warnings
                self.res.bounds_fp += 1
                rc, out, err = sh([cc] + STD + WARN + isa + omp +
                                  FLOW_OFF + [self.path("gen.c"), "-o", exe,
                                              "-lm"])
            if rc != 0:
                open(self.path("cc.err"), "w").write(err)
                kind = "warning" if re.search(r"\[-W", err) and \
                    "error: " in err and "[-Werror" in err else "compile"
                self.fail(kind, sidx, sched,
                          "the output does not compile cleanly with %s:\n%s" % (
                              cc, err[:3000]), ["gen.c", "cc.err"])
                return
            for mode in self.modes:
                rc, out, err = sh([exe, mode], timeout=30, env=env)
                if rc != 0:
                    self.fail("run", sidx, sched, "the output fails (%s, mode %s): "
                              "%s %s" % (cc, mode, rc, err[:500]), ["gen.c"])
                    return
                outs[(cc, mode)] = out
                d = compare(self.orig[(cc, mode)], out, tol)
                if d:
                    open(self.path("gen.out"), "w").write(out)
                    open(self.path("orig.out"), "w").write(self.orig[(cc, mode)])
                    kind = "wrong-alias" if mode == "1" else (
                        "wrong-tol" if tol else "wrong")
                    self.fail(kind, sidx, sched, "%s, mode %s: %s" % (cc, mode, d),
                              ["gen.c", "gen.out", "orig.out"])
                    return
        if sched is not None and "fma_adds" in sched and \
                not self.check_twin(sidx, sched, isa, omp, env, outs):
            return
        if (self.k.edge or self.k.etype == "int") and \
                not self.check_trapv(sidx, sched, isa, omp, env):
            return
        if not self.a.llvm:
            return
        obj = self.path("prog.o")
        cmd = [self.a.schedcc, self.path("kernel.c")]
        if sched is not None:
            cmd += ["-s", self.path("kernel.sched")]
        # The C path's flags have no -march, so its default ISA is the
        # target's baseline (scalar); the -c path's is scalar or any ISA
        # the host runs (issue 27), one per pair: ops without an isa then
        # vectorize for it, which must not change a bit of the output (a
        # schedule's own isa = "..." overrides it on both paths).
        tisa = self.c_isa(sidx)
        rc, out, err = sh(cmd + ["-c", "-o", obj, "--target-isa=" + tisa,
                                 "--"] + STD)
        if rc == 1 and tisa != "scalar":
            # an op without isa applied for the target's ISA where the C
            # path's scalar default refused it, or the other way round (a
            # later op then finds a handle consumed, or asks for another
            # isa: one kernel, one isa): a schedule written for the
            # scalar default; run again with it
            self.res.c_isa_conflicts += 1
            tisa = "scalar"
            rc, out, err = sh(cmd + ["-c", "-o", obj, "--target-isa=scalar",
                                     "--"] + STD)
        self.res.c_isas[tisa] += 1
        if rc != 0:
            open(self.path("llvm.err"), "w").write(err)
            self.fail("llvm-crash" if rc not in (1,) else "llvm-refused", sidx,
                      sched, "schedcc -c exit status %s (the C path accepted):\n%s"
                      % (rc, err[-2000:]), ["gen.c", "llvm.err"])
            return
        exe = self.path("prog_llvm")
        rc, out, err = sh(["gcc", obj, "-o", exe, "-lm"] + omp)
        if rc != 0:
            self.fail("llvm-link", sidx, sched, err[:2000], ["gen.c"])
            return
        # The .o path is LLVM's code: compared with the original built by
        # clang-19, the same compiler (gcc and clang differ where C leaves
        # the result open: seed 12, kernel 63, fmin of -0 and +0, C17
        # F.10.9.2, gave -0 in gcc's original and +0 in clang's).
        ref = "clang-19" if ("clang-19", self.modes[0]) in self.orig else "gcc"
        for mode in self.modes:
            rc, out, err = sh([exe, mode], timeout=30, env=env)
            if rc != 0:
                self.fail("llvm-run", sidx, sched, "the .o path fails (mode %s): "
                          "%s %s" % (mode, rc, err[:500]), ["gen.c"])
                return
            d = compare(self.orig[(ref, mode)], out, tol)
            if d:
                open(self.path("llvm.out"), "w").write(out)
                open(self.path("orig.out"), "w").write(self.orig[(ref, mode)])
                kind = "llvm-wrong-alias" if mode == "1" else (
                    "llvm-wrong-tol" if tol else "llvm-wrong")
                self.fail(kind, sidx, sched, "schedcc -c, mode %s: %s" % (mode, d),
                          ["gen.c", "llvm.out", "orig.out"])
                return

    def check_trapv(self, sidx, sched, isa, omp, env):
        """The kernels never overflow a signed int (values are reduced,
        subscripts small), nor may their transformed code: built by
        clang-19 with signed overflow trapping, the output runs (near-limit
        kernels and int kernels; the simplifier's `3 * (j - i)` -> `3 * j -
        3 * i` after a skew passed INT_MAX where the program did not: seed
        20261201, kernel 79)."""
        trapv = ["-O1", "-fsanitize=signed-integer-overflow",
                 "-fsanitize-trap=signed-integer-overflow"]
        exe = self.path("gen.trapv")
        rc, out, err = sh(["clang-19"] + STD + ["-w"] + trapv + isa + omp +
                          [self.path("gen.c"), "-o", exe, "-lm"])
        if rc != 0:
            return True  # the ordinary builds judged the compile
        self.res.trapv += 1
        for mode in self.modes:
            rc, out, err = sh([exe, mode], timeout=30, env=env)
            if rc != 0:
                self.fail("overflow", sidx, sched, "the output overflows a "
                          "signed integer (clang-19 -fsanitize=signed-integer-"
                          "overflow traps, mode %s: %s)" % (mode, rc),
                          ["gen.c"])
                return False
        return True

    def check_twin(self, sidx, sched, isa, omp, env, outs):
        """{fma_adds} changes the execution units, never a rounding: the
        schedule without it (the twin) must print the same bytes, built by
        the same compiler."""
        twin = re.sub(r"fma_adds = \d+, |, fma_adds = \d+", "", sched)
        tpath = self.path("twin.sched")
        open(tpath, "w").write(twin)
        out_c = self.path("twin.c")
        rc, out, err = sh([self.a.schedcc, self.path("kernel.c"), "-s", tpath,
                           "-o", out_c, "--"] + STD)
        if rc != 0:
            open(self.path("twin.err"), "w").write(err)
            self.fail("fma-adds-twin", sidx, sched, "the schedule without "
                      "fma_adds fails (exit status %s):\n%s" % (rc, err[-2000:]),
                      ["twin.sched", "twin.err"])
            return False
        for cc in COMPILERS:
            exe = self.path("twin." + cc)
            rc, out, err = sh([cc] + STD + WARN + isa + omp + [out_c, "-o", exe,
                                                             "-lm"])
            if rc != 0:
                self.fail("fma-adds-twin", sidx, sched, "the twin does not "
                          "compile with %s:\n%s" % (cc, err[:2000]),
                          ["twin.sched", "twin.c"])
                return False
            for mode in self.modes:
                rc, out, err = sh([exe, mode], timeout=30, env=env)
                if rc != 0 or out != outs[(cc, mode)]:
                    open(self.path("twin.out"), "w").write(out)
                    open(self.path("gen.out"), "w").write(outs[(cc, mode)])
                    self.fail("fma-adds-differs", sidx, sched, "%s, mode %s: "
                              "the schedule without fma_adds prints other "
                              "bytes (exit status %s)" % (cc, mode, rc),
                              ["gen.c", "twin.sched", "twin.c", "twin.out",
                               "gen.out"])
                    return False
        self.res.twins += 1
        return True

    def run(self):
        try:
            self.res.kernels += 1
            if not self.build_original():
                return self.res
            if self.a.identity:
                self.run_pair(None, None, {}, None)
            for sidx in range(self.a.per_kernel):
                guided = self.a.guided_share > 0 and \
                    sidx % self.a.guided_share == 0
                text, oplines, tol = gen.gen_schedule(
                    self.rng, self.k, self.accepts if guided else None,
                    order=self.order)
                if guided:
                    self.res.guided += 1
                self.run_pair(sidx, text, oplines, tolerance_of(text))
            return self.res
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)


def run_case(args, seed, q, order):
    return Case(args, seed, q, order).run()


# Kernel q's order comes from the counts of kernels first .. q - ORDER_LAG
# (those already run, whatever the timing of the jobs: a seed's kernels and
# schedules do not depend on --jobs or on the machine's speed).
ORDER_LAG = 8


def op_order(applied):
    """The ops the guided generator draws first: the least applied so far
    (applied: op -> count) first, ties in gen.ORDERED_OPS's order, so that
    the rarely fitting ones catch up (each op is to be applied often:
    issue 27)."""
    return sorted(gen.ORDERED_OPS, key=lambda o: (
        applied[o], gen.ORDERED_OPS.index(o)))


def ops_def_names():
    names = []
    for line in open(os.path.join(SRC, "schedules", "ops.def")):
        m = re.match(r'\s*SCHED_OP\(\w+,\s*"([\w.]+)"', line)
        if m:
            names.append(m.group(1))
    return names


def report(res, elapsed, args):
    print("\n== schedcc random differential test: seed %d, %d kernels, "
          "%d pairs (%d accepted, %d refused), %.0f s (%.2f s per pair)" % (
              args.seed, res.kernels, res.pairs, res.accepted, res.refused,
              elapsed, elapsed / max(res.pairs, 1)))
    cols = ["applied", "refused", "schedule error", "not reached", "crash"]
    print("%-22s %8s %8s %8s %8s %6s %9s" % ("op", "applied", "refused",
                                             "sch.err", "unreach", "crash",
                                             "%applied"))
    for op in sorted(res.ops):
        c = res.ops[op]
        tried = c["applied"] + c["refused"]
        print("%-22s %8d %8d %8d %8d %6d %8.1f%%" % (
            (op,) + tuple(c[x] for x in cols) +
            (100.0 * c["applied"] / tried if tried else 0.0,)))
    print("gcc -Warray-bounds / -Waggressive-loop-optimizations / "
          "-Wstringop-overflow / -Wstringop-overread / "
          "-Wmaybe-uninitialized on outputs the checkers "
          "ran clean (ASan+UBSan, valgrind; gcc's false positives, built "
          "again without them): %d" % res.bounds_fp)
    print("schedules built op by op against schedcc (guided): %d, with %d "
          "schedcc runs" % (res.guided, res.guide_runs))
    print("schedules with fma_adds, the same bytes as without: %d" % res.twins)
    print("-c path runs per --target-isa: %s (%d refused for the target's "
          "ISA, run again for scalar)" % (", ".join(
              "%s %d" % (i, res.c_isas[i]) for i in C_ISAS),
              res.c_isa_conflicts))
    print("outputs also run with signed overflow trapping (near-limit and "
          "int kernels; clang-19 -fsanitize=signed-integer-overflow): %d"
          % res.trapv)
    print("pairs also run for AArch64 under qemu: %d (%d with NEON "
          "intrinsics)%s" % (res.neon, res.neon_vec, "" if HAVE_NEON else
                             " -- no aarch64 cross compiler or qemu-aarch64"))
    missing = [o for o in ops_def_names() if o not in gen.SCHED_OPS]
    if missing:
        print("ops of schedules/ops.def the generator never emits: %s" %
              ", ".join(missing))
    if args.messages:
        print("most frequent refusals:")
        for m, c in res.msgs.most_common(args.messages):
            print("%6d  %s" % (c, m))
    if res.known:
        print("known bugs (not counted as failures): %s -- issue 9 part 1: "
              "arrays with different names are assumed disjoint, so a "
              "transformed kernel called with overlapping pointers computes "
              "something else" % ", ".join("%s %d" % kv for kv in
                                           sorted(res.known.items())))
    if res.fails:
        print("failures: %s" % ", ".join("%s %d" % kv for kv in
                                         sorted(res.fails.items())))
        for d in res.fail_dirs:
            print("  " + d)
    else:
        print("failures: none")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--schedcc", required=True)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--first", type=int, default=0,
                    help="first kernel number (to reproduce one)")
    ap.add_argument("--count", type=int, default=None, help="kernels")
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--per-kernel", type=int, default=4,
                    help="random schedules per kernel")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save", default="fuzz-failures")
    ap.add_argument("--no-alias", dest="alias", action="store_false")
    ap.add_argument("--no-llvm", dest="llvm", action="store_false")
    ap.add_argument("--alias-known-bad", dest="alias_known",
                    action="store_true",
                    help="report wrong outputs of aliased calls as the known "
                    "bug of issue 9 part 1 instead of failing")
    ap.add_argument("--no-identity", dest="identity", action="store_false")
    ap.add_argument("--guided-share", type=int, default=2,
                    help="build one schedule in N op by op, each op kept "
                    "only when schedcc applies it (0: none; default 2)")
    ap.add_argument("--order", default=None,
                    help="the ops the guided generator draws first, "
                    "comma-separated, as a failure's repro.sh gives them "
                    "('-': the generator's own shuffled order; default: "
                    "the least applied so far first)")
    ap.add_argument("--neon-share", type=int, default=4,
                    help="check one accepted pair in N for AArch64 NEON "
                    "under qemu (0: none)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--messages", type=int, default=0,
                    help="print the N most frequent refusal messages")
    args = ap.parse_args()
    args.schedcc = os.path.abspath(args.schedcc)
    args.save = os.path.abspath(args.save)
    if args.order is not None:
        args.order = [o for o in args.order.split(",") if o != "-"]
        bad = [o for o in args.order if o not in gen.ORDERED_OPS]
        if bad:
            ap.error("--order: not an op the guided generator draws: %s"
                     % ", ".join(bad))
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 1 << 30)
    if args.count is None and args.seconds is None:
        args.count = 50
    print("seed %d (reproduce: --seed %d)" % (args.seed, args.seed), flush=True)
    start = time.time()
    res = Result()
    q = args.first
    end = args.first + args.count if args.count is not None else None
    applied = collections.Counter()  # of kernels first .. prefix - 1
    # applied as it was when prefix was p (kernels first .. p - 1): kernel
    # q's order reads the counts before q - ORDER_LAG + 1 exactly, however
    # many kernels past them have finished (which the jobs' timing decides)
    applied_at = {args.first: collections.Counter()}
    prefix = args.first
    finished = {}  # q -> Result, past the prefix
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as ex:
        pending = {}
        while True:
            while len(pending) < 2 * args.jobs and (end is None or q < end) and \
                    (args.seconds is None or time.time() - start < args.seconds):
                if args.order is not None:
                    order = args.order
                elif prefix > q - ORDER_LAG:
                    order = op_order(applied_at[max(args.first,
                                                    q - ORDER_LAG + 1)])
                else:
                    break  # (waits for kernel q - ORDER_LAG)
                pending[ex.submit(run_case, args, args.seed, q, order)] = q
                q += 1
            if not pending:
                break
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for f in done:
                one = f.result()
                res.merge(one)
                finished[pending.pop(f)] = one
            while prefix in finished:
                for op, c in finished.pop(prefix).ops.items():
                    applied[op] += c["applied"]
                prefix += 1
                applied_at[prefix] = applied.copy()
                applied_at.pop(prefix - ORDER_LAG - 1, None)
            if not args.quiet and res.kernels % 25 == 0:
                print("... %d kernels, %d pairs, %d failures, %.0f s" % (
                    res.kernels, res.pairs, sum(res.fails.values()),
                    time.time() - start), flush=True)
    report(res, time.time() - start, args)
    return 1 if res.fails else 0


if __name__ == "__main__":
    sys.exit(main())
