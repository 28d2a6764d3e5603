#!/usr/bin/env python3
"""libcall.py -- random differential testing of loop.to_library, the
matrix-product recognizer (ir/ir_gemm.c) and its library calls.

    test/fuzz/libcall.py --schedcc BUILD/schedcc [--seed S] [--count N]
                         [--save DIR]

gen.py leaves loop.to_library out: its random kernels are almost never
matrix products.  This generator writes matrix products in the forms a
user writes them, and near misses that are not products:

  - element type float or double; loop order any permutation of i, j, k
    (with `C *= beta` before the k loop: i and j outside k); lower bounds
    0 or a small constant; upper bounds constants or parameters;
  - arrays as fixed-size parameters (`float A[M][K]`), VLA parameters
    (`double A[p][m]`) or pointers with leading dimensions
    (`A[i * lda + k]`, lda a parameter larger than the row);
  - A or B transposed (`A[k][i]`, `B[j][k]`); `C += A * B`,
    `C = C + A * B`, `C += alpha * A * B`, `C += A * B * alpha`,
    `C = A * B + C`, `C -= A * B`, `C = C - A * B`, `C -= alpha * A * B`,
    the scale held in a local before the j loop (darknet's `register float
    A_PART = ALPHA * A[i][k]`),
    with or without `C *= beta` (`C = beta * C`, `C = C * beta`) first;
    the roles permuted
    (`A[i][k] += C[i][j] * B[k][j]`, a product summed over j);
  - near misses (about a third): a subscript of the wrong iv (`A[i][j]`,
    `B[k][k]`, `C[i][k]`), an extra term (`+ 1`), three factors
    (`A * B * A`), a triangular bound (`k <= i`), a step of 2.

main() fills the arrays with multiples of 1/4 in [-2, 2] (products and
sums of a few hundred of them are exact in float and double, whatever the
order or fusion), calls the kernel (and again with p = 0, no k iteration,
when p is a parameter) and prints every element of C and A; the outputs
must be equal as numbers (-0 and 0 are: the sign of a zero sum depends on
the order of the additions).  The schedule is `loop.to_library
%outer "cblas"` or `"libxsmm"`, after a `loop.tile` of the band in a
quarter of the cases (the call then goes on the point band), or, in a
third of the cases, no call at all but the library's whole-matmul
sequence on the nest as written (`include @matmul_avx2_nest(%root, rows,
vecs, kc)`: match.matmul finds the loops by role, loop.reorder puts them
in i, j, k order, then register tiles, B packed, C prefetched: the
pointer layouts exercise packing and prefetching through the
delinearized view); on an AVX-512 host half of those run `match.matmul`,
`loop.reorder` and `@matmul_avx512(%i, rows, vecs, kc)` instead (k blocks,
column tiles with B packed, row tiles: the order of @matmul's large-B
version).

Each case: the original built with gcc -O2 -Wall -Wextra -Werror; schedcc
either refuses (exit 1 with an error: counted, not a failure) or emits C
that must build the same way with the libraries its `schedcc-link`
comment names and print what the original prints.  A crash of
schedcc (exit other than 0 and 1), a build failure, any difference, or a
refusal of a product (not a near miss) for "cblas", which computes every
form generated, is a failure, saved under --save with a repro.sh.  Exit status 1 when any
failure was found.  The counts at the end say how many products were
replaced by a call (so a recognizer that refuses everything shows).
"""

import argparse
import collections
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import FLOW_OFF, flow_warnings_only, host_isas  # noqa: E402

STD = ["-std=c17", "-ffp-contract=off", "-D_POSIX_C_SOURCE=200809L"]
# AVX-512 code runs only where the CPU has it (the generated kernel gets
# the ISA's target attributes; the host must execute them)
HOST_AVX512 = "avx512" in host_isas()
WARN = ["-O2", "-Wall", "-Wextra", "-Werror"]

NEAR_MISSES = ["wrong_a", "wrong_b", "wrong_c", "extra", "square",
               "triangular", "step2"]


def sh(cmd, timeout=120, cwd=None):
    """Runs cmd in a session of its own, killed as a group on a timeout
    (run.py's sh: a compiler's cc1 outlives its killed driver)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=cwd, start_new_session=True)
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


class Case:
    """One random kernel: C source and schedule text."""

    def __init__(self, r):
        self.r = r
        self.T = r.choice(["float", "double"])
        self.M, self.N, self.K = (r.randint(2, 24), r.randint(2, 24),
                                  r.randint(2, 40))
        self.layout = r.choice(["fixed", "vla", "pointer"])
        self.ta = r.random() < 0.3  # A[k][i]
        self.tb = r.random() < 0.3  # B[j][k]
        self.form = r.choice(["acc", "plus", "plus_rev", "alpha",
                              "alpha_last", "minus", "minus_plain",
                              "minus_alpha"])
        self.beta_form = r.choice(["*=", "= beta *", "= * beta"])
        self.beta = r.random() < 0.25
        self.miss = r.choice(NEAR_MISSES) if r.random() < 0.33 else None
        # the roles permuted: A[i][k] += C[i][j] * B[k][j] is a product too
        # (A = C * B^T, summed over j)
        self.roles = not self.miss and not self.beta and r.random() < 0.1
        order = ["i", "j", "k"]
        r.shuffle(order)
        if self.beta:  # C *= beta sits between j (or i) and k
            order = r.choice([["i", "j", "k"], ["j", "i", "k"]])
        self.order = order
        # a lower bound below the extent (gcc's -Warray-bounds sees the
        # first iteration of a loop that never runs)
        self.lb = {v: (r.choice([0, 0, 1, 2]) if r.random() < 0.3 else 0)
                   for v in "ijk"}
        self.symbolic = r.random() < 0.5
        self.tile = r.random() < 0.25 and not self.beta
        self.lib = r.choice(["cblas", "libxsmm", "nest"])
        # "nest": no library call but the library's whole-matmul sequence
        # on the nest as written (match.matmul, loop.reorder, then
        # @matmul_avx2: register tiles, B packed, C prefetched), with a
        # random register tile and k block
        self.shape = (r.choice([1, 2, 3, 4, 6]), r.choice([1, 2]),
                      r.choice([4, 8, 16, 256]))
        # a batch: every array gets an outer dimension of BT, indexed by an
        # outer loop b; the call goes on the nest inside it
        self.bt = r.choice([2, 3]) if (self.layout != "pointer" and
                                       r.random() < 0.15) else 0
        # PolyBench's gemm: for i { for j: C *= beta; for k: for j: ... }
        self.poly = self.beta and r.random() < 0.4
        if self.poly:
            self.order = ["i", "k", "j"]
        # the wrong iv must stay inside the array: A[i][j] needs j < K,
        # B[k][k] k < N
        if self.miss == "wrong_a":
            self.N = min(self.N, self.K)
        if self.miss == "wrong_b":
            self.K = min(self.K, self.N)
        if self.miss == "triangular":
            ext = {"i": self.M, "j": self.N, "k": self.K}
            big = max(ext[self.order[0]], ext[self.order[2]])
            self.M, self.N, self.K = [big if v == self.order[2] else ext[v]
                                      for v in "ijk"]
        ext = {"i": self.M, "j": self.N,
               "k": min(self.K, self.N) if self.miss == "wrong_c" else self.K}
        for v in "ijk":
            self.lb[v] = min(self.lb[v], ext[v] - 1)
        # darknet's gemm_nn: the scale held in a local between the second
        # loop and j (`T s = alpha * A[i][k]; ... C += s * B;`)
        self.local = (self.order[2] == "j" and not self.beta and
                      not self.roles and not self.miss and not self.bt and
                      not self.tile and r.random() < 0.5)
        # on an AVX-512 host, half the "nest" cases run the AVX-512
        # whole matmul in the order of its large-B version (k blocks, then
        # column tiles with B packed, then row tiles, the next tile's C
        # prefetched: @matmul_avx512, which @matmul_avx512_nest takes only
        # for a B over half the L2, larger than these cases) with a random
        # tile; drawn last, so the cases' other draws stay as they were
        self.avx512 = (self.lib == "nest" and HOST_AVX512 and
                       r.random() < 0.5)

    # -- subscripts -------------------------------------------------------
    def ext(self, name):
        """Extents (rows, cols) of an array as stored."""
        M, N, K = self.M, self.N, self.K
        return {"A": (K, M) if self.ta else (M, K),
                "B": (N, K) if self.tb else (K, N),
                "C": (M, N)}[name]

    def ld(self, name):
        return self.ext(name)[1] + 3  # a leading dimension past the row

    def ref(self, name, row, col):
        if self.layout == "pointer":
            return "%s[%s * ld%s + %s]" % (name, row, name.lower(), col)
        return "%s%s[%s][%s]" % (name, "[b]" if self.bt else "", row, col)

    def a(self):
        i, k = "i", "k"
        if self.miss == "wrong_a":
            k = "j"
        return self.ref("A", k, i) if self.ta else self.ref("A", i, k)

    def b(self):
        k, j = "k", "j"
        if self.miss == "wrong_b":
            j = "k"
        return self.ref("B", j, k) if self.tb else self.ref("B", k, j)

    def c(self):
        return self.ref("C", "i", "k" if self.miss == "wrong_c" else "j")

    # -- source -----------------------------------------------------------
    def bound(self, v):
        n = {"i": "m", "j": "n", "k": "p"}[v]
        c = {"i": self.M, "j": self.N, "k": self.K}[v]
        if self.miss == "wrong_c" and v == "k":  # C[i][k] stays in C
            return str(min(self.K, self.N))  # (a min() bound is refused)
        return n if self.symbolic else str(c)

    def params(self, body):
        """The parameter list; m, n, p, alpha, beta only when the body
        reads them (no unused parameter under -Wextra)."""
        T = self.T
        ps = [d for d, name in (("int m", "m"), ("int n", "n"), ("int p", "p"),
                                ("%s alpha" % T, "alpha"),
                                ("%s beta" % T, "beta"))
              if self.layout == "vla" and name in "mnp"
              or re.search(r"\b%s\b" % name, body)]
        self.used = [d.split()[-1] for d in ps]
        vla = {"A": ("p", "m") if self.ta else ("m", "p"),
               "B": ("n", "p") if self.tb else ("p", "n"), "C": ("m", "n")}
        for name in "ABC":
            rows, cols = self.ext(name)
            batch = "[%d]" % self.bt if self.bt else ""
            if self.layout == "fixed":
                ps.append("%s %s%s[%d][%d]" % (T, name, batch, rows, cols))
            elif self.layout == "vla":
                ps.append("%s %s%s[%s][%s]" % ((T, name, batch) + vla[name]))
            else:
                const = "const " if name == "B" or (
                    name == "A" and not self.roles) else ""
                ps.append("%s%s *%s" % (const, T, name))
                ps.append("int ld%s" % name.lower())
        return ", ".join(ps)

    def scaling(self):
        c = self.ref("C", "i", "j")
        return {"*=": "%s *= beta;" % c, "= beta *": "%s = beta * %s;" % (c, c),
                "= * beta": "%s = %s * beta;" % (c, c)}[self.beta_form]

    def kernel(self):
        a, b, c = self.a(), self.b(), self.c()
        prod = "%s * %s" % (a, b)
        if self.miss == "square":  # three matrix elements
            prod = "%s * %s * %s" % (a, b, a)
        stmt = {"acc": "%s += %s;" % (c, prod),
                "plus": "%s = %s + %s;" % (c, c, prod),
                "alpha": "%s += alpha * %s;" % (c, prod),
                "alpha_last": "%s += %s * alpha;" % (c, prod),
                "plus_rev": "%s = %s + %s;" % (c, prod, c),
                "minus": "%s -= %s;" % (c, prod),
                "minus_plain": "%s = %s - %s;" % (c, c, prod),
                "minus_alpha": "%s -= alpha * %s;" % (c, prod)}[self.form]
        if self.local:
            stmt = "%s += s_a * %s;" % (c, b)
        if self.miss == "extra":
            stmt = stmt[:-1] + " + 1;"
        if self.roles:
            stmt = "%s += %s * %s;" % (a, c, b)
        lines = []
        ind = "  "
        if self.bt:
            lines.append("%sfor (int b = 0; b < %d; b++) {" % (ind, self.bt))
            ind += "  "
        for d, v in enumerate(self.order):
            lb = self.lb[v]
            ub = self.bound(v)
            step = "%s++" % v
            if self.miss == "step2" and d == 2:
                step = "%s += 2" % v
            cond = "%s < %s" % (v, ub)
            if self.miss == "triangular" and d == 2:
                # v <= the outermost iv (v's extent is at least outer's)
                cond = "%s <= %s" % (v, self.order[0])
            lines.append("%sfor (int %s = %d; %s; %s) {" % (ind, v, lb, cond,
                                                            step))
            ind += "  "
            if self.poly and d == 0:  # a j loop of its own: the scaling
                lines.append("%sfor (int j = %d; j < %s; j++)" % (
                    ind, self.lb["j"], self.bound("j")))
                lines.append("%s  %s" % (ind, self.scaling()))
            elif self.beta and not self.poly and d == 1:
                lines.append(ind + self.scaling())
            if self.local and d == 1:
                lines.append("%sregister %s s_a = alpha * %s;" % (
                    ind, self.T, a))
        lines.append(ind + stmt)
        for d in range(3 + (1 if self.bt else 0)):
            ind = ind[:-2]
            lines.append(ind + "}")
        body = "\n".join(lines)
        return ("#pragma schedcc kernel\nvoid kern(%s) {\n%s\n}\n"
                % (self.params(body), body))

    def main(self):
        T = self.T
        out = ["#include <stdio.h>", "#include <stdlib.h>", "",
               self.kernel(), "",
               "static %s val(unsigned *s) {" % T,
               "  *s = *s * 1103515245u + 12345u;",
               "  return (%s)((int)(*s >> 16 & 15) - 8) / 4;" % T, "}", "",
               "int main(void) {", "  unsigned s = 1;"]
        for name in "ABC":
            rows, cols = self.ext(name)
            size = rows * (self.ld(name) if self.layout == "pointer" else cols)
            size *= self.bt or 1
            out.append("  %s *%s = malloc(sizeof(%s) * %d);" % (T, name, T,
                                                               size))
            out.append("  for (int e = 0; e < %d; e++) %s[e] = val(&s);" % (
                size, name))
        val = {"m": "%d" % self.M, "n": "%d" % self.N, "p": "%d" % self.K,
               "alpha": "(%s)0.5" % T, "beta": "(%s)-1.5" % T}
        args = [val[u] for u in self.used]
        for name in "ABC":
            rows, cols = self.ext(name)
            if self.layout == "pointer":
                args += [name, "%d" % self.ld(name)]
            elif self.bt:
                args.append("(%s(*)[%d][%d])%s" % (T, rows, cols, name))
            else:
                args.append("(%s(*)[%d])%s" % (T, cols, name))
        out.append("  kern(%s);" % ", ".join(args))
        # again with no k iteration: C *= beta only (when the k loop reads
        # p: with a constant bound, p = 0 would only shrink the declared
        # rows of A and B under the loops, reads out of their bounds, which
        # loop.pack's clamp into the declared extents rightly ignores)
        if "p" in self.used and self.bound("k") == "p":
            again = ["0" if u == "p" else val[u] for u in self.used]
            out.append("  kern(%s);" % ", ".join(again +
                                                args[len(self.used):]))
        for name in "CA":
            rows, cols = self.ext(name)
            size = rows * (self.ld(name) if self.layout == "pointer" else cols)
            size *= self.bt or 1
            out.append('  for (int e = 0; e < %d; e++) printf("%%.17g\\n", '
                       "(double)%s[e]);" % (size, name))
        out += ["  free(A);", "  free(B);", "  free(C);", "  return 0;", "}"]
        return "\n".join(out) + "\n"

    def schedule(self):
        if self.lib == "nest" and self.avx512:
            return ('import "lib/matmul_avx512.sched"\n'
                    "named_sequence @main(%%root) {\n"
                    "  %%i, %%j, %%k = match.matmul in %%root\n"
                    "  %%ri, %%rj, %%rk = loop.reorder [%%i, %%j, %%k]\n"
                    "  include @matmul_avx512(%%ri, %d, %d, %d)\n}\n"
                    % self.shape)
        if self.lib == "nest":
            return ('import "lib/matmul_avx2.sched"\n'
                    "named_sequence @main(%%root) {\n"
                    "  include @matmul_avx2_nest(%%root, %d, %d, %d)\n}\n"
                    % self.shape)
        outer = self.order[0]
        lines = ["named_sequence @main(%root) {",
                 '  %%l = match.loop "%s" in %%root' % outer]
        target = "%l"
        if self.tile:
            ts = [self.r.choice([4, 8, 16]) for _ in range(3)]
            lines.append("  %%t:3 = loop.tile %%l tile_sizes [%s]" %
                         ", ".join(map(str, ts)))
            target = "%t#4"
        lines.append('  loop.to_library %s "%s"' % (target, self.lib))
        lines.append("}")
        return "\n".join(lines) + "\n"

    def describe(self):
        return "%s%s %s %dx%dx%d order %s%s%s form %s%s%s%s%s%s" % (
            "@matmul_avx%s%s: " % ("512" if self.avx512 else "2_nest",
                                   self.shape) if self.lib == "nest"
            else "",
            self.T, self.layout, self.M, self.N, self.K, "".join(self.order),
            " A^T" if self.ta else "", " B^T" if self.tb else "", self.form,
            " beta" if self.beta else "", " tiled" if self.tile else "",
            " roles" if self.roles else "",
            (" batch %d" % self.bt if self.bt else "") +
            (" polybench" if self.poly else ""),
            " near-miss %s" % self.miss if self.miss else "")


def same(want, got):
    """Equal outputs, numerically: -0 and 0 are the same value (the sign
    of a zero sum depends on the order of the additions)."""
    a, b = want.splitlines(), got.splitlines()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x != y:
            try:
                if float(x) != float(y):
                    return False
            except ValueError:
                return False
    return True


def differ(want, got):
    a, b = want.splitlines(), got.splitlines()
    first = next((e for e in range(min(len(a), len(b))) if a[e] != b[e]),
                 min(len(a), len(b)))
    return "output differs first at line %d: %s, expected %s" % (
        first + 1, b[first] if first < len(b) else "(end)",
        a[first] if first < len(a) else "(end)")


def gcc_false_positive(err, gen_c, link, want, tmp):
    """Whether gcc's only complaints about gen_c are flow warnings other
    than -Wmaybe-uninitialized (run.py's FLOW_WARNINGS: values of the
    extents it cannot rule out) and the program, built with ASan and UBSan,
    runs clean and prints `want`: then they are gcc's false positive (the
    check of run.py's Pair.gcc_false_positive, without valgrind)."""
    flags = flow_warnings_only(err)
    if flags is None or "maybe-uninitialized" in flags:
        return False
    exe = os.path.join(tmp, "gen.asan")
    rc, out, e2 = sh(["gcc"] + STD + ["-O1", "-g", "-fsanitize=address,"
                      "undefined", "-fno-sanitize-recover=all", gen_c, "-o",
                      exe] + link)
    if rc != 0:
        return False
    rc, got, e2 = sh(["env", "ASAN_OPTIONS=detect_leaks=0", exe])
    return rc == 0 and same(want, got)


def run_case(args, seed, q, stats):
    r = random.Random(seed * 1000003 + q)
    c = Case(r)
    tmp = tempfile.mkdtemp(prefix="schedcc-libcall.")
    try:
        src, sched = os.path.join(tmp, "kernel.c"), os.path.join(tmp, "k.sched")
        open(src, "w").write(c.main())
        open(sched, "w").write(c.schedule())

        def fail(kind, msg):
            stats["fail"] += 1
            d = os.path.join(args.save, "%s-s%d-k%d" % (kind, seed, q))
            os.makedirs(d, exist_ok=True)
            for f in os.listdir(tmp):
                shutil.copy(os.path.join(tmp, f), d)
            open(os.path.join(d, "repro.sh"), "w").write(
                "#!/bin/sh\n# %s: %s\n# %s\nset -x\n"
                "${SCHEDCC:-schedcc} kernel.c -s k.sched -o gen.c -- %s\n"
                "gcc %s %s -Wno-unknown-pragmas kernel.c -o orig && "
                "./orig > orig.out\n"
                "gcc %s %s gen.c -o gen $(sed -n 's|^/\\* schedcc-link: "
                "\\(.*\\) \\*/$|\\1|p' gen.c) && ./gen | diff orig.out - | "
                "head\n" % (kind, msg.splitlines()[0] if msg else "",
                            c.describe(), " ".join(STD), " ".join(STD),
                            " ".join(WARN), " ".join(STD), " ".join(WARN)))
            print("FAIL %s: %s [%s] (%s)" % (kind, msg.splitlines()[0] if msg
                                            else "", c.describe(), d),
                  flush=True)

        orig = os.path.join(tmp, "orig")
        rc, out, err = sh(["gcc"] + STD + WARN + ["-Wno-unknown-pragmas", src,
                                                  "-o", orig])
        if rc != 0:
            fail("generator", "the original does not compile:\n" + err)
            return
        rc, want, err = sh([orig])
        if rc != 0:
            fail("generator", "the original exits %s" % rc)
            return
        gen_c = os.path.join(tmp, "gen.c")
        rc, out, err = sh([args.schedcc, src, "-s", sched, "-o", gen_c, "--"]
                          + STD)
        if rc == 1:
            stats["refused"] += 1
            stats["refused_miss" if c.miss else "refused_gemm"] += 1
            if not c.miss and c.lib == "cblas":
                # every product this generator writes is one cblas computes
                fail("refused-product", "a matrix product refused for "
                     "cblas:\n" + err)
            m = re.search(r"error: (.*)", err)
            why = re.sub(r"'[^']*'", "'_'", m.group(1))[:200] if m else "?"
            stats["why"][("near miss refused: " if c.miss else
                          "product refused: ") + why] += 1
            if not re.search(r"error:", err):
                fail("silent-refusal", "exit 1 without an error:\n" + err)
            return
        if rc != 0:
            fail("crash", "schedcc exits %s:\n%s" % (rc, err[-2000:]))
            return
        text = open(gen_c).read()
        called = ("cblas_" in text) or ("libxsmm_" in text)
        stats["applied_miss" if c.miss else "applied"] += 1
        stats["called_miss" if c.miss else "called"] += called
        if c.lib == "nest" and not c.miss:
            stats["nest512" if c.avx512 else "nest2"] += 1
        if c.miss:
            stats["why"]["near miss transformed: " + c.describe()] += 1
        libs = re.findall(r"^/\* schedcc-link: (.*) \*/$", text, re.M)
        exe = os.path.join(tmp, "gen")
        link = " ".join(libs).split() + ["-lm"]
        rc, out, err = sh(["gcc"] + STD + WARN + [gen_c, "-o", exe] + link)
        if rc != 0 and gcc_false_positive(err, gen_c, link, want, tmp):
            # gcc 12's -Warray-bounds on tile code that never runs for the
            # kernel's constant extents (16-column tiles of a 5-column C):
            # ASan and UBSan ran it clean, as run.py judges such warnings
            stats["bounds_fp"] += 1
            rc, out, err = sh(["gcc"] + STD + WARN + FLOW_OFF +
                              [gen_c, "-o", exe] + link)
        if rc != 0:
            fail("build", "the generated C does not build:\n" + err[:3000])
            return
        rc, got, err = sh([exe])
        if rc != 0:
            fail("run", "the generated program exits %s:\n%s" % (rc, err))
            return
        if not same(want, got):
            fail("wrong", differ(want, got))
            return
        # the .o path (the LLVM backend), linked by gcc with the same libraries
        obj, exe2 = os.path.join(tmp, "prog.o"), os.path.join(tmp, "prog_llvm")
        rc, out, err = sh([args.schedcc, src, "-s", sched, "-c", "-o", obj,
                           "--"] + STD)
        if rc != 0:
            fail("llvm-crash" if rc != 1 else "llvm-refused",
                 "schedcc -c exits %s:\n%s" % (rc, err[-2000:]))
            return
        rc, out, err = sh(["gcc", obj, "-o", exe2] + " ".join(libs).split()
                          + ["-lm"])
        if rc != 0:
            fail("llvm-link", err[:2000])
            return
        rc, got, err = sh([exe2])
        if rc != 0 or not same(want, got):
            fail("llvm-wrong", "exit %s; %s" % (rc, differ(want, got)))
    finally:
        stats["cases"] += 1
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--schedcc", required=True)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--save", default="fuzz-failures")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print("seed %d (reproduce: --seed %d)" % (seed, seed), flush=True)
    stats = {k: 0 for k in ["cases", "applied", "applied_miss", "called",
                            "called_miss",
                            "refused", "refused_gemm", "refused_miss",
                            "bounds_fp", "fail", "nest2", "nest512"]}
    stats["why"] = collections.Counter()
    for q in range(args.count):
        run_case(args, seed, q, stats)
    print("== loop.to_library random differential test: seed %d, %d kernels"
          % (seed, stats["cases"]))
    print("  products: %d replaced by a library call, %d refused"
          % (stats["called"], stats["refused_gemm"]))
    print("  whole-matmul sequences applied: %d @matmul_avx2_nest, "
          "%d @matmul_avx512" % (stats["nest2"], stats["nest512"]))
    print("  near misses: %d refused, %d transformed (%d with a call)"
          % (stats["refused_miss"], stats["applied_miss"],
             stats["called_miss"]))
    print("  gcc flow warnings on outputs ASan and UBSan ran clean (gcc's "
          "false positives, built again without them): %d"
          % stats["bounds_fp"])
    for why, n in stats["why"].most_common():
        print("  %4d %s" % (n, why))
    print("failures: %s" % (stats["fail"] or "none"))
    return 1 if stats["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
