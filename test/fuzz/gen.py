"""gen.py -- random kernels and random schedules for the differential tester.

In the spirit of Csmith (Yang, Chen, Eide, Regehr, "Finding and
Understanding Bugs in C Compilers", PLDI 2011) and YARPGen (Livinskii,
Babokin, Regehr, "Random Testing for C and C++ Compilers with YARPGen",
OOPSLA 2020): programs free of undefined behaviour by construction, whose
only observable effect is what they print, so any difference between the
original and the transformed program is a bug.

    gen_kernel(rng)            -> Kernel (C source text + the loop tree)
    gen_schedule(rng, kernel)  -> (schedule text, [op names in order])

Kernels: one function `kern` marked `#pragma schedcc kernel`, one to three
loop nests 1-4 deep (perfect and imperfect), bounds symbolic (`n`, `m`),
constant, triangular (`j <= i`, `j = i + 1`), steps 1, 2, -1; arrays as
VLA parameters (`float A[n + 2][m + 2]`), fixed-size parameters and
pointers with linearized subscripts (`B[(i + 1) * ldb + j]`); scalar
temporaries declared outside the nests (PolyBench's `temp2`) and inside
loop bodies; `if` guards on ivs and on data; reductions into scalars and
into array elements; <math.h> calls; element type float, double or int.
No undefined behaviour: every subscript stays inside its array (an iv of
dimension D runs in [0, D), subscripts are iv + {0, 1, 2} or D + 1 - iv
into extent D + 2); int values are reduced (`% 4096`) so nothing overflows.

main() fills every array from a fixed LCG, calls the kernel and prints
every element, one per line (`%.9g` float, `%.17g` double, `%d` int).
`./prog 1` calls the kernel with aliased arguments instead: the pointer
parameters of one element type share one buffer (the second at an offset
of 0, 1 or a row), the same for VLA parameters of one shape and type
(same storage); the output is then the same storage printed through each
name.

Schedules: `named_sequence @main(%root)` with match.op / match.loop to get
handles, then a random chain of 1-6 ops over every op of
schedules/ops.def, each op taking live handles (the results of earlier
ops included) and binding its results for the next ops.
"""

import random
import re

# ---------------------------------------------------------------------------
# kernels


class Loop:
    def __init__(self, iv, parent, depth, dim):
        self.iv = iv
        self.ref = iv  # the iv's value as expressions read it: (i - lo)
        self.parent = parent
        self.depth = depth
        self.dim = dim  # 'n' or 'm': the iv stays in [0, dim)
        self.children = []  # loops directly in the body
        self.nstmts = 0  # non-loop statements directly in the body
        self.index = 0  # pre-order number, 1-based (match.op {nth})
        self.step = 1
        self.const_trip = False
        self.triangular = False

    def perfect_band(self):
        """Loops of the perfect band starting here (self first)."""
        band = [self]
        l = self
        while len(l.children) == 1 and l.nstmts == 0:
            l = l.children[0]
            band.append(l)
        return band


class Kernel:
    def __init__(self):
        self.src = ""
        self.loops = []  # pre-order
        self.arrays = []  # names
        self.ptr_arrays = []
        self.etype = "float"
        self.has_alias = False
        self.scalars = []


IV_NAMES = ["i", "j", "k", "l"]


class Arr:
    def __init__(self, name, kind, dims, etype, fixed=16):
        self.name = name
        self.kind = kind  # 'vla', 'fixed', 'ptr'
        self.dims = dims  # list of 'n'/'m'
        self.etype = etype
        self.fixed = fixed  # the extent of a fixed-size array (n, m + 2)
        self.volatile = False  # a pointer to volatile elements

    def extent(self, d):
        return ("%s + 2" % d) if self.kind != "fixed" else str(self.fixed)

    def param(self):
        if self.kind == "ptr":
            return "%s%s *%s" % ("volatile " if self.volatile else "",
                                 self.etype, self.name)
        return "%s %s%s" % (self.etype, self.name,
                            "".join("[%s]" % self.extent(d) for d in self.dims))

    def ld(self):
        return "ld" + self.name.lower()

    def access(self, subs):
        if self.kind == "ptr" and len(subs) == 2:
            a, b = subs
            return "%s[(%s) * %s + %s]" % (self.name, a, self.ld(), b)
        if self.kind == "ptr" and len(subs) == 3:
            a, b, c = subs
            return "%s[((%s) * %s + %s) * %s + %s]" % (
                self.name, a, self.ld() + "0", b, self.ld(), c)
        return self.name + "".join("[%s]" % s for s in subs)

    def nelems(self):
        """C expression of the element count (in main, n and m known)."""
        return " * ".join("(%s)" % ("%s + 2" % d if self.kind != "fixed"
                                    else self.fixed) for d in self.dims)


class KGen:
    def __init__(self, rng):
        self.r = rng
        self.k = Kernel()

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    # -- types and literals --------------------------------------------------
    def lit(self, v):
        t = self.k.etype
        if t == "int":
            return str(int(v))
        s = repr(float(v))
        return s + ("f" if t == "float" else "")

    def fn(self, name):
        return name + ("f" if self.k.etype == "float" else "")

    # -- subscripts ----------------------------------------------------------
    def subscript(self, dim, scope, last=False):
        ivs = [l for l in scope if l.dim == dim]
        if self.friendly and scope and self.chance(0.97):
            # unit stride in the innermost loop: last subscript follows it,
            # the others follow outer loops
            inner = scope[-1]
            if last and inner.dim == dim:
                ivs = [inner]
            elif not last:
                # (no outer loop over this extent: a constant row)
                ivs = [l for l in ivs if l is not inner]
        if not ivs or self.chance(0.06):
            return str(self.r.randint(0, 2))
        l = self.pick(ivs)
        f = self.r.random()
        if f < 0.5:
            return l.ref
        if f < 0.85 or self.friendly:
            return "%s + %d" % (l.ref, self.r.randint(1, 2))
        return "%s + 1 - %s" % (dim, l.ref)

    def access(self, arr, scope, write=False):
        if self.friendly and write:
            # one canonical subscript per written array: the innermost ivs
            # in order (so the loop accesses it through one subscript only)
            ivs = [l.ref for l in scope][-len(arr.dims):]
            subs = ["0"] * (len(arr.dims) - len(ivs)) + ivs
        else:
            subs = [self.subscript(d, scope, i == len(arr.dims) - 1)
                    for i, d in enumerate(arr.dims)]
        if arr.kind == "ptr" and self.realc and scope and self.chance(0.5) \
                and not arr.volatile:
            return self.realc_access(arr, subs, write)
        return arr.access(subs)

    def realc_access(self, arr, subs, write):
        """The access written as real C writes it, through a local declared
        just before the statement (self.pending): the flattened index in an
        int local, or a row pointer `T *row = A + (i) * lda;` /
        `&A[(i) * lda]` subscripted by the last index."""
        self.lcount += 1
        T = self.k.etype
        if len(subs) == 1 or self.chance(0.4):
            name = "x%d" % self.lcount
            flat = arr.access(subs)[len(arr.name) + 1:-1]
            if self.chance(0.3):
                # C89 style: declared at the top, assigned in the body
                self.fs_ints.append(name)
                self.pending.append("%s = %s;" % (name, flat))
            else:
                self.pending.append("int %s = %s;" % (name, flat))
            return "%s[%s]" % (arr.name, name)
        name = "%s_row%d" % (arr.name, self.lcount)
        if len(subs) == 2:
            off = "(%s) * %s" % (subs[0], arr.ld())
        else:
            off = "((%s) * %s + %s) * %s" % (subs[0], arr.ld() + "0", subs[1],
                                            arr.ld())
        q = "" if write else "const "
        if self.chance(0.5):
            self.pending.append("%s%s *%s = %s + %s;" % (q, T, name, arr.name,
                                                         off))
        else:
            self.pending.append("%s%s *%s = &%s[%s];" % (q, T, name, arr.name,
                                                         off))
        return "%s[%s]" % (name, subs[-1])

    # -- expressions ---------------------------------------------------------
    def leaf(self, scope, temps):
        if self.realc and self.chance(0.06):
            # an optional input that may be NULL (a bias), tested in place
            sub = self.subscript("n", scope)
            self.k.has_opt = True
            return "(opt != NULL ? opt[%s] : %s)" % (
                sub, self.lit(self.pick([0.5, 0.25]) if self.k.etype != "int"
                              else 3))
        f = self.r.random()
        if f < 0.55:
            return self.access(self.pick(self.rarrs), scope)
        if f < 0.7 and temps:
            return self.pick(temps)
        if f < 0.8 and scope and not self.friendly:
            iv = self.pick(scope).ref
            if self.k.etype == "int":
                return iv
            return "(%s)%s" % (self.k.etype, iv)
        if self.k.etype == "int":
            return str(self.r.randint(1, 7))
        return self.lit(self.pick([0.5, 0.25, 2.0, 1.5, 3.0, 0.125, 0.75]))

    def expr(self, scope, temps, depth=0):
        if depth >= 2 or self.chance(0.3):
            return self.leaf(scope, temps)
        a = self.expr(scope, temps, depth + 1)
        mark = len(self.pending)
        b = self.expr(scope, temps, depth + 1)
        e = self.combine(a, b)
        if self.B not in e:  # b unused: so are the locals it declared
            del self.pending[mark:]
        return e.replace(self.B, b)

    B = "\x00b\x00"  # where b goes in combine's result

    def combine(self, a, b_text):
        b = self.B
        t = self.k.etype
        f = self.r.random()
        if t == "int":
            op = self.pick(["+", "-"])
            if f < 0.1:
                return "((%s) / %d)" % (a, self.r.randint(2, 5))
            if f < 0.15:
                return "((%s) %% 7)" % a
            if f < 0.2:
                return "(%s) * %d" % (a, self.r.randint(2, 3))
            if self.realc and 0.28 <= f < 0.34:
                # shifts and bitwise operators as fixed-point code writes
                # them (non-negative left operands of <<)
                return self.pick(["((%s) >> %d)" % (a, self.r.randint(1, 3)),
                                  "(((%s) & 1023) << %d)" % (
                                      a, self.r.randint(1, 2)),
                                  "((%s) ^ (%s))" % (a, b),
                                  "((%s) | 1)" % a])
            if f < 0.28 and a != b_text:  # (w < w: self-comparison warning)
                return "(%s < %s ? %s : %s)" % (a, b, a, b)
            return "(%s %s %s)" % (a, op, b)
        if f < 0.1 and self.friendly:
            return "%s(%s * %s + %s)" % (self.fn("sqrt"), a, a, self.lit(1.0))
        if f < 0.1:
            return "%s(%s(%s))" % (self.fn("sqrt"), self.fn("fabs"), a)
        if self.friendly and f < 0.3:
            f = 0.5
        if f < 0.16:
            return "%s(%s, %s)" % (self.fn(self.pick(["fmax", "fmin"])), a, b)
        if f < 0.2:
            return "%s(-%s(%s))" % (self.fn("exp"), self.fn("fabs"), a)
        if f < 0.24:
            return "%s(%s)" % (self.fn(self.pick(["sin", "cos", "tanh"])), a)
        if f < 0.3:
            return "(%s) / (%s(%s) + %s)" % (a, self.fn("fabs"), b,
                                             self.lit(1.0))
        if f < 0.45:
            return "(%s) * %s" % (a, self.lit(self.pick([0.5, 0.25, 0.75])))
        op = self.pick(["+", "-", "*", "+", "-"])
        return "(%s %s %s)" % (a, op, b)

    def clamp(self, e):
        """int results are masked so that nothing ever overflows."""
        if self.k.etype == "int":
            return "(%s) %% 4096" % e
        return e

    def small(self, e):
        if self.k.etype == "int":
            return "(%s) %% 256" % e
        if self.chance(0.5):
            return "(%s) * %s" % (e, self.lit(0.5))
        return e

    # -- statements ----------------------------------------------------------
    def cond(self, scope):
        f = self.r.random()
        if len(scope) >= 2 and f < 0.35:
            a, b = self.r.sample(scope, 2)
            return "%s %s %s" % (a.ref, self.pick(["<", ">", "<=", "!="]),
                                 b.ref)
        if scope and f < 0.6:
            l = self.pick(scope)
            return "%s %s %s - %d" % (l.ref, self.pick(["<", ">", ">="]), l.dim,
                                      self.r.randint(1, 3))
        arr = self.pick(self.arrs)
        thr = self.lit(self.pick([0.5, 0.25]) if self.k.etype != "int" else
                       self.r.randint(1, 2000))
        return "%s %s %s" % (self.access(arr, scope), self.pick(["<", ">"]),
                             thr)

    def stmts(self, scope, ind, temps, allow_if=True):
        """One to three statements (no loops) in the body of scope[-1]."""
        out = []
        temps = list(temps)
        n = self.r.randint(1, 3)
        saved = self.pending
        for _ in range(n):
            start = len(out)
            self.pending = []
            self.stmt(scope, ind, temps, allow_if, out)
            out[start:start] = [ind + d for d in self.pending]
        self.pending = saved
        return out

    def stmt(self, scope, ind, temps, allow_if, out):
        """One statement (appended to out; locals it needs in pending)."""
        if True:
            f = self.r.random()
            T = self.k.etype
            if self.realc and self.chance(0.06):
                # a small local array (unrolled inference code's partial
                # sums), written then read in the iteration
                name = "la%d" % self.tcount
                self.tcount += 1
                arr = self.pick(self.warrs)
                lhs = self.access(arr, scope, write=True)
                out.append("%s%s %s[2];" % (ind, T, name))
                out.append("%s%s[0] = %s;" % (ind, name,
                                             self.clamp(self.expr(scope,
                                                                  temps))))
                out.append("%s%s[1] = %s;" % (ind, name,
                                             self.clamp(self.expr(scope,
                                                                  temps))))
                out.append("%s%s = %s;" % (ind, lhs, self.clamp(
                    "%s[0] - %s[1]" % (name, name))))
                return
            if f < 0.12:
                # temporary declared in the body
                name = "t%d" % self.tcount
                self.tcount += 1
                out.append("%s%s %s = %s;" % (ind, T, name,
                                             self.clamp(self.expr(scope, temps))))
                temps.append(name)
                # used right away (an unused variable is a warning)
                arr = self.pick(self.warrs)
                lhs = self.access(arr, scope, write=True)
                out.append("%s%s = %s;" % (ind, lhs, self.clamp(
                    "%s %s %s" % (name, self.pick(
                        ["+", "-"] if T == "int" else ["+", "*", "-"]),
                                  self.leaf(scope, temps)))))
            elif f < 0.22 and self.outer_temps:
                # PolyBench temp2: a scalar declared outside, written first
                name = self.pick(self.outer_temps)
                for l in scope:  # (loop.expand_scalar's targets)
                    l.writes = getattr(l, "writes", set()) | {name}
                # (not `w = w;`: clang's -Wself-assign)
                others = [t for t in temps if t != name]
                out.append("%s%s = %s;" % (ind, name,
                                          self.clamp(self.expr(scope, others))))
                if name not in temps:
                    temps.append(name)
            elif f < 0.34 and self.reds:
                # reduction into a scalar declared outside
                name = self.pick(self.reds)
                op = self.pick(["+=", "-=", "+="])
                out.append("%s%s %s %s;" % (ind, name, op,
                                           self.small(self.expr(scope, temps))))
            elif f < 0.44 and allow_if and scope and not self.friendly:
                inner = self.stmts(scope, ind + "  ", temps, allow_if=False)
                out.append("%sif (%s) {" % (ind, self.cond(scope)))
                out.extend(inner)
                if self.chance(0.3):
                    out.append("%s} else {" % ind)
                    out.extend(self.stmts(scope, ind + "  ", temps,
                                          allow_if=False))
                out.append("%s}" % ind)
            elif f < 0.62:
                # accumulation into an array element (a reduction when the
                # element does not use every iv)
                arr = self.pick(self.warrs)
                lhs = self.access(arr, scope, write=True)
                op = self.pick(["+=", "-=", "+="])
                if T == "int":
                    out.append("%s%s = (%s + (%s)) %% 65536;" % (
                        ind, lhs, lhs, self.small(self.expr(scope, temps))))
                else:
                    out.append("%s%s %s %s;" % (ind, lhs, op,
                                               self.small(self.expr(scope, temps))))
            elif f < 0.7 and len(scope) >= 2 and self.transposes(scope):
                # a transposing copy W[b][a] = R[a][b] over the two
                # innermost loops (loop.transpose_block's pattern)
                out.append(ind + self.pick(self.transposes(scope)))
                self.k.transposes = True
            else:
                arr = self.pick(self.warrs)
                lhs = self.access(arr, scope, write=True)
                out.append("%s%s = %s;" % (ind, lhs,
                                          self.clamp(self.expr(scope, temps))))

    def transposes(self, scope):
        """The copies W[b][a] = R[a][b] (a, b the two innermost loops) whose
        subscripts stay in bounds: each subscript's extent is the loop's or
        the fixed extent (fixed arrays: at least n + 2 and m + 2)."""
        a, b = scope[-2], scope[-1]
        fits = lambda arr, k, l: arr.kind == "fixed" or arr.dims[k] == l.dim
        out = []
        for w in self.warrs:
            for r in self.rarrs:
                if w is r or len(w.dims) != 2 or len(r.dims) != 2:
                    continue
                if fits(w, 0, b) and fits(w, 1, a) and fits(r, 0, a) and \
                        fits(r, 1, b):
                    out.append("%s = %s;" % (w.access([b.ref, a.ref]),
                                             r.access([a.ref, b.ref])))
        return out

    def transpose_nest(self, out):
        """A perfect nest of two step-1 loops over whole extents whose body
        is one transposing copy W[j][i] = R[i][j]: the shape
        loop.transpose_block takes, which random bodies rarely have alone."""
        # float elements (the in-register transposes move 4-byte lanes),
        # arrays with subscripts of their own (not linearized pointers),
        # ivs declared in the loops (one read after them would change):
        # in a kernel whose ivs are declared at the top, ti and tj
        if self.k.etype != "float":
            return
        dims = self.r.sample(["n", "m"], 2) if not self.friendly else \
            ["n", "n"]
        iv = ("ti", "tj") if self.iv_outside else ("i", "j")
        a = Loop(iv[0], None, 0, dims[0])
        b = Loop(iv[1], a, 1, dims[1])
        copies = [c for c in self.transposes([a, b])
                  if not any(x.kind == "ptr" and c.count(x.name + "[")
                             for x in self.arrs)]
        if not copies:
            return
        a.children.append(b)
        b.nstmts = 1
        a.tnest = True
        self.k.loops += [a, b]
        out.append("  for (int {0} = 0; {0} < {1}; {0}++) {{".format(
            a.iv, a.dim))
        out.append("    for (int {0} = 0; {0} < {1}; {0}++) {{".format(
            b.iv, b.dim))
        out.append("      " + self.pick(copies))
        out.append("    }")
        out.append("  }")
        self.k.transposes = True

    def expand_nest(self, out):
        """A nest of one or two loops whose body first writes a scalar `u`
        declared at the top of the kernel, then reads it (PolyBench's
        temp2): the shape loop.expand_scalar takes.  `u` is never read
        after the nest, so the last value need not be kept."""
        a = Loop("i", None, 0, "n" if self.friendly else
                 self.pick(["n", "m"]))
        self.k.loops.append(a)
        header = self.loop_header(a, [], "  ")
        loops = [a]
        inner = None
        if self.chance(0.5):
            inner = Loop("j", a, 1, "n" if self.friendly else
                         self.pick(["n", "m"]))
            a.children.append(inner)
            self.k.loops.append(inner)
            loops.append(inner)
        # the temporary written in the outer loop or (the inner loop
        # present) in the inner one
        host = loops[-1] if inner is None or self.chance(0.5) else a
        T = self.k.etype
        out.append("  " + header + " {")
        if inner is not None:
            ih = self.loop_header(inner, [a], "    ")
        scope = loops[:loops.index(host) + 1]
        ind = "  " * (len(scope) + 1)
        saved = self.pending

        def stmt(ind, make):
            # a statement after the locals its accesses declared
            self.pending = []
            text = make()
            return [ind + d for d in self.pending] + [ind + text]
        write = stmt(ind, lambda: "u = %s;" % self.clamp(self.expr(scope,
                                                                   [])))
        write += stmt(ind, lambda: "%s = %s;" % (
            self.access(self.pick(self.warrs), scope, write=True),
            self.clamp("u %s %s" % (self.pick(["+", "-"] if T == "int"
                                              else ["+", "*", "-"]),
                                    self.leaf(scope, ["u"])))))
        host.nstmts += 2
        if host is a and inner is not None:
            out.extend(write)
            out.append("    " + ih + " {")
            # the inner loop reads u too

            def acc():
                lhs = self.access(self.pick(self.warrs), loops, write=True)
                if T == "int":
                    return "%s = (%s + u) %% 65536;" % (lhs, lhs)
                return "%s += u * %s;" % (lhs, self.leaf(loops, []))
            out.extend(stmt("      ", acc))
            inner.nstmts += 1
            out.append("    }")
        elif inner is not None:
            out.append("    " + ih + " {")
            out.extend(write)
            out.append("    }")
        else:
            out.extend(write)
        out.append("  }")
        self.pending = saved
        for l in scope:
            l.writes = getattr(l, "writes", set()) | {"u"}
        self.expand_temp = "u"
        self.k.scalars = self.k.scalars + ["u"]
        out.insert(self.temp_decl, "  %s u = %s;" % (T, self.lit(0)))

    # -- loops ---------------------------------------------------------------
    def loop_header(self, l, scope, ind):
        iv, d = l.iv, l.dim
        decl = "" if self.iv_outside else "int "
        outer = [o for o in scope if o.dim == d]
        if self.k.edge and not scope and d == "n" and self.chance(0.7):
            # bounds near the limits of int (issue 27): lo .. hi with
            # hi - lo = n (or an empty range whose hi - lo overflows), the
            # iv read as i - lo
            l.ref = "(%s - lo)" % iv
            if self.chance(0.3):
                l.step = -1
                return "for (%s%s = hi - 1; %s >= lo; %s--)" % (decl, iv, iv,
                                                              iv)
            return "for (%s%s = lo; %s < hi; %s++)" % (decl, iv, iv, iv)
        f = self.r.random()
        if self.friendly:
            f = self.pick([0.01 if outer else 0.9, 0.6, 0.7, 0.9, 0.9, 0.9])
        if outer and f < 0.25:
            o = self.pick(outer)
            l.triangular = True
            g = self.r.random()
            if g < 0.4:
                return "for (%s%s = 0; %s <= %s; %s++)" % (decl, iv, iv, o.ref,
                                                           iv)
            if g < 0.7:
                return "for (%s%s = %s + 1; %s < %s; %s++)" % (decl, iv, o.ref,
                                                              iv, d, iv)
            return "for (%s%s = %s; %s < %s; %s++)" % (decl, iv, o.ref, iv, d,
                                                       iv)
        if f < 0.35:
            l.step = 2
            if self.realc and self.chance(0.4) and not (
                    self.iv_outside and iv == "i"):
                # a parametric step (a group size passed at run time); the
                # iv is not read after the loop (r[3] reads only i)
                self.k.has_step = True
                return "for (%s%s = %d; %s < %s; %s += st)" % (
                    decl, iv, self.r.randint(0, 1), iv, d, iv)
            return "for (%s%s = %d; %s < %s; %s += 2)" % (
                decl, iv, self.r.randint(0, 1), iv, d, iv)
        if f < 0.47:
            l.step = -1
            return "for (%s%s = %s - 1; %s >= %d; %s--)" % (
                decl, iv, d, iv, self.r.randint(0, 1), iv)
        if f < 0.57:
            l.const_trip = True
            # (at most the size: the iv indexes extents of size + 2)
            c = min(self.r.randint(2, 5), max(1, self.size[d]))
            return "for (%s%s = 0; %s < %d; %s++)" % (decl, iv, iv, c, iv)
        if f < 0.72:
            return "for (%s%s = 1; %s < %s - 1; %s++)" % (decl, iv, iv, d, iv)
        if f < 0.8:
            return "for (%s%s = 0; %s <= %s - 1; %s++)" % (decl, iv, iv, d, iv)
        return "for (%s%s = 0; %s < %s; %s++)" % (decl, iv, iv, d, iv)

    def nest(self, parent, scope, depth, maxdepth, ind, out, iv=None):
        iv = iv or IV_NAMES[depth]
        l = Loop(iv, parent, depth, "n" if self.friendly else
                 self.pick(["n", "m"]))
        self.k.loops.append(l)
        if parent:
            parent.children.append(l)
        header = self.loop_header(l, scope, ind)
        omp_here = False
        if self.realc and not self.iv_outside and not self.in_omp and \
                self.chance(0.08):
            # an OpenMP directive outside a parallel region (orphaned: one
            # thread runs it, so any loop may carry it): read, kept through
            # the schedule, re-emitted
            # (not simd: a carried dependence would make it undefined;
            # not with ivs declared outside: the construct privatizes the
            # iv, whose value after it is then unspecified)
            out.append(ind + "#pragma omp " + self.pick(
                ["for", "for schedule(static)"]))
            self.k.has_omp = True
            omp_here = True  # (no work-sharing nested in it)
            self.in_omp = True
        out.append(ind + header + " {")
        inner = scope + [l]
        if depth + 1 < maxdepth:
            f = self.r.random()
            if f < 0.55:
                # perfect
                self.nest(l, inner, depth + 1, maxdepth, ind + "  ", out)
            else:
                # imperfect: statements before/after, maybe two inner loops
                if self.chance(0.6):
                    s = self.stmts(inner, ind + "  ", [])
                    l.nstmts += len(s)
                    out.extend(s)
                self.nest(l, inner, depth + 1, maxdepth, ind + "  ", out)
                if self.chance(0.35):
                    # a second loop (always innermost), mostly over an iv
                    # of its own: siblings over different ivs are what
                    # loop.sink moves one into the other
                    # (not an iv of the loops around: a nest over `l`
                    # has inner loops j and k)
                    other = IV_NAMES[depth + 2] if depth + 2 < len(
                        IV_NAMES) and self.chance(0.7) and not any(
                            o.iv == IV_NAMES[depth + 2] for o in inner) \
                        else None
                    self.nest(l, inner, depth + 1,
                              min(maxdepth, depth + 2), ind + "  ", out,
                              iv=other)
                if self.chance(0.4):
                    s = self.stmts(inner, ind + "  ", [])
                    l.nstmts += len(s)
                    out.extend(s)
        else:
            s = self.stmts(inner, ind + "  ", [])
            l.nstmts += len(s)
            out.extend(s)
            # an innermost loop written for vectorization (the guided
            # generator vectorizes it first)
            l.vec = self.friendly
        out.append(ind + "}")
        if omp_here:
            self.in_omp = False

    def kernel(self):
        r, k = self.r, self.k
        k.etype = self.pick(["float", "float", "double", "int"])
        # a third of the kernels are written for vectorization: step-1
        # loops over one extent, unit-stride innermost accesses, no ifs
        self.friendly = k.friendly = k.etype != "int" and self.chance(0.4)
        # half the kernels write some accesses as real C does: locals that
        # hold flattened indices and row pointers, a NULL-tested input
        self.realc = self.chance(0.5)
        self.pending = []
        self.lcount = 0
        self.fs_ints = []
        k.has_opt = False
        k.has_step = False
        k.has_omp = False
        k.has_volatile = False
        # one kernel in eight has nests over lo .. hi near the limits of int
        k.edge = not self.friendly and self.chance(0.125)
        self.in_omp = False
        T = k.etype
        self.tcount = 0
        self.iv_outside = self.chance(0.4)
        maxdepth = self.pick([1, 2, 2, 3, 3, 4])
        # the sizes main passes (issue 27: from -3 to hundreds): mostly
        # 5 - 12; 1 - 4; up to 300 for one of them in nests of at most two
        # loops (40 deeper, and for the other: every element is printed
        # and compared, four to six times a pair, so the outputs stay
        # small); -3 - 0 for a size no array but a fixed-size one is
        # shaped by (drawn after the arrays)
        def size(big):
            f = r.random()
            if f < 0.6:
                return r.randint(5, 12)
            if f < 0.8:
                return r.randint(1, 4)
            return r.randint(13, big)
        first = self.pick(["n", "m"])
        # float sums reassociated ({reassoc}, parallel reductions) are
        # compared with a tolerance of 1e-3: a deep float nest sums some
        # 20000 terms at most (a sum of 2.3 million, n = 39 in four loops,
        # moved by 1.4% reassociated: fuzz seed 20261128 k120)
        deep = 40 if T != "float" or maxdepth <= 2 else \
            max(13, int(20000 ** (1.0 / maxdepth)))
        self.size = {d: size(300 if d == first and maxdepth <= 2 else deep)
                     for d in ("n", "m")}
        fixed = max(16, max(self.size.values()) + 2)
        # arrays
        self.arrs = []
        names = ["A", "B", "C", "D"]
        for idx in range(r.randint(2, 4)):
            rank = self.pick([1, 2, 2, 3] if maxdepth >= 3 else [1, 2, 2])
            kind = self.pick(["vla", "vla", "ptr", "fixed"])
            dims = [self.pick(["n", "m"]) if not self.friendly else "n"
                    for _ in range(rank)]
            self.arrs.append(Arr(names[idx], kind, dims, T, fixed))
        if T == "float" and self.chance(0.6):
            # the first and the last array a transposable pair (the first
            # is written, the last read, in friendly kernels too): what
            # transpose_nest needs, which random ranks rarely give
            a, b = self.arrs[0], self.arrs[-1]
            d = self.r.sample(["n", "m"], 2) if not self.friendly else \
                ["n", "n"]
            a.dims, b.dims = [d[1], d[0]], list(d)
            for x in (a, b):
                if x.kind == "ptr":
                    x.kind = self.pick(["vla", "fixed"])
        ptrs = [a for a in self.arrs if a.kind == "ptr"]
        if ptrs and self.chance(0.15):
            # a volatile object (issue 27): every access keeps its order
            # and count, so transforms that would change either refuse
            self.pick(ptrs).volatile = True
            k.has_volatile = True
        self.warrs = list(self.arrs)
        self.rarrs = list(self.arrs)
        if self.friendly:
            # outputs only written (+= reads the element itself), inputs
            # only read
            cut = max(1, len(self.arrs) // 2)
            self.warrs, self.rarrs = self.arrs[:cut], self.arrs[cut:]
        k.arrays = [a.name for a in self.arrs]
        k.ptr_arrays = [a.name for a in self.arrs if a.kind == "ptr"]
        # scalars declared at the top
        # (PolyBench's temp2: what loop.expand_scalar expands)
        self.outer_temps = ["w"] if self.chance(0.6) and \
            not self.friendly else []
        # `u`: the temporary of expand_nest (declared when it is emitted)
        self.expand_temp = None
        self.reds = ["s"] if self.chance(0.45) else []
        k.scalars = self.outer_temps + self.reds
        body = []
        zero = self.lit(0)
        # now and then the sum is a volatile scalar (a kernel's volatile
        # local keeps its qualifier, and transforms of the loops that
        # update it refuse, as for volatile arrays)
        vol_red = bool(self.reds) and self.chance(0.08)
        if vol_red:
            k.has_volatile = True
        for s in self.outer_temps + self.reds:
            body.append("  %s%s %s = %s;" % (
                "volatile " if vol_red and s in self.reds else "", T, s,
                zero))
        self.temp_decl = len(body)
        ivdecl = len(body)
        # several nests: siblings for loop.fuse and loop.sink
        nnests = self.pick([1, 1, 2, 2, 2, 3])
        for q in range(nnests):
            d = r.randint(1, maxdepth)
            # a later nest of at most three loops sometimes over `l` (its
            # inner loops are j, k): top-level siblings over different
            # ivs, what loop.sink moves one into the other
            self.nest(None, [], 0, d, "  ", body,
                      iv="l" if q and d <= 3 and self.chance(0.4) else None)
        if self.chance(0.5):
            self.expand_nest(body)
        if self.chance(0.85):
            self.transpose_nest(body)
        if self.iv_outside:
            used = [v for v in IV_NAMES if any(l.iv == v for l in k.loops)]
            body.insert(ivdecl, "  int %s;" % ", ".join(used))
        # (those whose assignment was dropped with an unused operand go)
        fs = [x for x in self.fs_ints
              if any(l.strip().startswith(x + " = ") for l in body)]
        if fs:
            body.insert(ivdecl, "  int %s;" % ", ".join(fs))
        for idx, s in enumerate(self.outer_temps + self.reds):
            # a temporary read in the loops too is read after them only
            # half the time: loop.expand_scalar refuses one whose last
            # value is read (PolyBench's temp2 is not)
            read = any(re.search(r"\b%s\b" % s, l.split("=", 1)[-1]) and
                       not re.match(r"\s*%s = " % s, l) or
                       re.match(r"\s*%s = .*\b%s\b" % (s, s), l)
                       for l in body)
            if s in self.reds or not read or self.chance(0.5):
                body.append("  r[%d] = %s;" % (idx, s))
        # every parameter is read (an unused parameter is a warning)
        terms = ["%s(%s)" % ("(%s)" % T if T != "int" else "", p)
                 for p in ["n", "m"]]
        if k.edge:  # read, and small: (lo & 3) + (hi & 3)
            terms.append("%s((lo & 3) + (hi & 3))" % (
                "(%s)" % T if T != "int" else ""))
        for a in self.arrs:
            terms.append(a.access(["0"] * len(a.dims)))
        if k.has_opt:
            terms.append("(opt ? opt[0] : %s)" % self.lit(1))
        body.append("  r[2] = %s;" % self.clamp(" + ".join(terms)))
        if self.iv_outside and self.chance(0.6):
            if T == "int":
                body.append("  r[3] = i;")
            else:
                body.append("  r[3] = (%s)i;" % T)
        # pre-order numbering
        for i, l in enumerate(k.loops):
            l.index = i + 1
        k.loops_by_index = list(k.loops)
        return self.emit(body)

    def emit(self, body):
        k = self.k
        T = k.etype
        fmt = {"float": "%.9g", "double": "%.17g", "int": "%d"}[T]
        params = ["int n", "int m"] + (["int st"] if k.has_step else []) + \
            (["int lo", "int hi"] if k.edge else [])
        for a in self.arrs:
            if a.kind == "ptr" and len(a.dims) >= 2:
                params.append("int " + a.ld())
                if len(a.dims) == 3:
                    params.append("int " + a.ld() + "0")
        params += [a.param() for a in self.arrs]
        if k.has_opt:
            params.append("const %s *opt" % T)
        params.append("%s r[4]" % T)
        L = []
        L.append("#include <math.h>")
        L.append("#include <stdio.h>")
        L.append("#include <stdlib.h>")
        L.append("#include <string.h>")
        L.append("")
        L.append("#pragma schedcc kernel")
        # A parameter `int B[16]` indexed up to n: gcc 12's -Warray-bounds
        # sees the copies that unroll, split and peel make of such a loop
        # run past 16 for values of n it cannot rule out, and fails the
        # -Werror build of a correct program (its own false positive).  A
        # static kernel is inlined into main, where n is a constant, so
        # gcc knows the range: a real overrun still warns.
        fixed = any(a.kind == "fixed" for a in self.arrs)
        L.append("%svoid kern(%s) {" % ("static " if fixed else "",
                                        ", ".join(params)))
        L.extend(body)
        L.append("}")
        L.append("")
        L.append("static unsigned lcg = 12345u;")
        L.append("static %s next(void) {" % T)
        L.append("  lcg = lcg * 1103515245u + 12345u;")
        if T == "int":
            L.append("  return (int)((lcg >> 16) & 255u);")
        else:
            L.append("  return (%s)((lcg >> 16) & 1023u) / (%s)1024;" % (T, T))
        L.append("}")
        L.append("")
        # aliasing: group the arrays that may share storage
        groups = {}
        for a in self.arrs:
            key = ("ptr",) if a.kind == "ptr" else (a.kind, tuple(a.dims))
            groups.setdefault(key, []).append(a)
        alias_groups = [g for g in groups.values() if len(g) >= 2]
        k.has_alias = bool(alias_groups)
        n_val, m_val = self.size["n"], self.size["m"]
        for d in ("n", "m"):
            # an empty range: only where no array's extent is d + 2 (a
            # VLA or pointer of n + 2 <= 0 elements would be undefined),
            # nor lo .. hi = lo + n (edge), nor an optional input, nor a
            # loop of a constant trip count over d (it still runs, and
            # `n + 1 - i` would index below 0: make fuzz, seed 877236829
            # k9)
            if not k.edge and not k.has_opt and self.chance(0.1) and all(
                    a.kind == "fixed" or d not in a.dims
                    for a in self.arrs) and not any(
                        l.const_trip and l.dim == d for l in k.loops):
                self.size[d] = self.r.randint(-3, 0)
        n_val, m_val = self.size["n"], self.size["m"]
        L.append("int main(int argc, char **argv) {")
        L.append("  int alias = argc > 1 && atoi(argv[1]) == 1;")
        L.append("  int n = %d, m = %d;" % (n_val, m_val))
        L.append("  (void)n; (void)m;")
        size = {}
        for a in self.arrs:
            size[a.name] = a.nelems()
            L.append("  size_t sz%s = %s;" % (a.name, a.nelems()))
        L.append("  %s r[4] = {0};" % T)
        # storage: each array gets its own buffer; aliased: one per group
        for a in self.arrs:
            L.append("  %s *buf%s = calloc(sz%s + 64, sizeof(%s));" % (
                T, a.name, a.name, T))
        L.append("  %s *p%s;" % (T, ", *p".join(a.name for a in self.arrs)))
        for a in self.arrs:
            L.append("  for (size_t q = 0; q < sz%s + 64; q++) buf%s[q] = next();"
                     % (a.name, a.name))
        L.append("  if (!alias) {")
        for a in self.arrs:
            L.append("    p%s = buf%s;" % (a.name, a.name))
        L.append("  } else {")
        done = set()
        for g in alias_groups:
            base = g[0]
            L.append("    p%s = buf%s;" % (base.name, base.name))
            done.add(base.name)
            for a in g[1:]:
                if a.kind == "ptr":
                    off = self.pick(["0", "1", "(m + 2)"])
                else:
                    off = "0"
                # the buffer of the group's first array must hold both
                # (else its own buffer: no aliasing then)
                L.append("    p%s = sz%s + %s <= sz%s + 64 ? buf%s + %s : buf%s;"
                         % (a.name, a.name, off, base.name, base.name, off,
                            a.name))
                done.add(a.name)
        for a in self.arrs:
            if a.name not in done:
                L.append("    p%s = buf%s;" % (a.name, a.name))
        L.append("  }")
        args = ["n", "m"] + ([str(self.r.randint(1, 3))] if k.has_step
                             else [])
        if k.edge:
            # lo .. hi = lo + n near INT_MAX or INT_MIN (lo > INT_MIN: a
            # loop counting down to lo steps to lo - 1), or an empty range
            # whose hi - lo overflows an int (not under `#pragma omp for`:
            # OpenMP computes the trip count in the iv's type, and where
            # that overflows its behaviour is unspecified, OpenMP 5.2
            # 4.4.1; gcc -fopenmp ran such an empty loop from INT_MIN down,
            # out of bounds: fuzz seed 693646234, kernel 85)
            ranges = [("2147483647 - n", "2147483647"),
                      ("2147483646 - n", "2147483646"),
                      ("-2147483647", "-2147483647 + n"),
                      ("-2147483646", "-2147483646 + n"),
                      ("0", "n")]
            if not k.has_omp:
                ranges[4:4] = [("2147483647 - 3", "-2147483647 + 5"),
                               ("100", "-2147483647")]
            lo, hi = self.pick(ranges)
            args += [lo, hi]
        # leading dimensions: mostly the row's extent, sometimes narrower
        # (rows then overlap, still inside the buffer: the run-time row
        # check of a delinearized subscript fails and the original runs)
        def ld(d):
            return self.pick(["%s + 2" % d] * 3 +
                             ["%s + 1" % d, d, "(%s > 1 ? %s - 1 : 1)" % (d, d),
                              "1"])
        for a in self.arrs:
            if a.kind == "ptr" and len(a.dims) >= 2:
                inner = a.dims[-1]
                args.append(ld(inner))
                if len(a.dims) == 3:
                    args.append(ld(a.dims[1]))
        for a in self.arrs:
            if a.kind == "ptr":
                args.append("p" + a.name)
            else:
                ext = "".join("[%s]" % a.extent(d) for d in a.dims[1:])
                args.append("(%s (*)%s)p%s" % (T, ext, a.name) if ext else
                            "p" + a.name)
        if k.has_opt:
            # NULL or an input of n + 2 elements, chosen at generation
            if self.chance(0.5):
                args.append("NULL")
            else:
                L.append("  %s optbuf[%d];" % (T, self.arrs[0].fixed))
                L.append("  for (int q = 0; q < %d; q++) optbuf[q] = next();"
                         % self.arrs[0].fixed)
                args.append("optbuf")
        args.append("r")
        L.append("  kern(%s);" % ", ".join(args))
        for a in self.arrs:
            L.append("  for (size_t q = 0; q < sz%s; q++) printf(\"%s %s\\n\", p%s[q]);"
                     % (a.name, a.name, fmt, a.name))
        L.append("  for (int q = 0; q < 4; q++) printf(\"r %s\\n\", r[q]);" % fmt)
        for a in self.arrs:
            L.append("  free(buf%s);" % a.name)
        L.append("  return 0;")
        L.append("}")
        k.src = "\n".join(x for x in L if x is not None) + "\n"
        # the arrays the kernel never writes (what loop.pack packs): no
        # `X[...] =` (or +=, ...), directly or through a row pointer
        kbody = k.src.split("static unsigned lcg")[0]
        k.read_only = [a.name for a in self.arrs if not re.search(
            r"\b%s(_row\d+)?\[[^;]*\]\s*[-+*/%%]?=(?!=)" % a.name, kbody)]
        return k


def gen_kernel(rng):
    return KGen(rng).kernel()


# ---------------------------------------------------------------------------
# schedules

# every op of schedules/ops.def the generator emits (run.py checks the list
# against ops.def so that a new op is not silently left out)
SCHED_OPS = [
    "match.loop", "match.op", "loop.split", "loop.tile", "loop.interchange",
    "loop.reorder", "loop.unroll", "param.constant", "print", "remark",
    "include", "loop.vectorize", "loop.unroll_and_jam", "loop.scalar_replace",
    "loop.hoist", "loop.pack", "loop.fuse", "loop.distribute", "loop.peel",
    "loop.skew", "loop.parallel", "loop.expand_scalar", "param.tunable",
    "param.constraint", "param.assert", "alternatives", "yield",
    "loop.transpose_block", "param.expr", "param.lanes", "loop.sink",
    "loop.prefetch", "loop.specialize", "loop.reverse",
]
# loop.to_library is left out: its calls need -lopenblas/-lxsmm at link time
# (test/difftol/gemmlib.* and wrapper.library test it).  match.matmul is
# left out too: the random nests here are almost never matrix products;
# libcall.py generates products and runs the library's whole matmul on them
# through match.matmul.  param.target is left out: its values are the
# machine's, so a failure would not reproduce on another CPU.


class H:
    """A schedule value: a handle (loop = a Loop of the original nest when
    known, None when it is a transform's result) or a parameter."""

    def __init__(self, name, loop=None, param=False, parent=None):
        self.name = name
        self.loop = loop
        self.param = param
        self.parent = parent  # handle it was matched in
        self.alive = True


class SGen:
    def __init__(self, rng, k):
        self.r = rng
        self.k = k
        self.lines = []
        self.ops = []  # (line number in the schedule, op name)
        self.handles = []
        self.count = 0
        self.sub = None  # an extra sequence for include
        self.tolerance = False
        self.in_region = False  # inside an alternatives region
        self.tunables = []  # names of param.tunable declared so far
        self.guided = False  # built op by op (schedule_guided)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def fresh(self, base="h"):
        self.count += 1
        return "%%%s%d" % (base, self.count)

    def emit(self, text, op):
        self.lines.append("  " + text)
        self.ops.append(op)

    def live(self, known=None):
        hs = [h for h in self.handles if h.alive and not h.param]
        if known is not None:
            hs = [h for h in hs if (h.loop is not None) == known]
        return hs

    def consume(self, *hs):
        for h in hs:
            dead = [h]
            for o in self.handles:
                if not o.alive:
                    continue
                p = o.parent
                while p is not None:
                    if p is h:
                        dead.append(o)
                        break
                    p = p.parent
                if h.loop is not None and o.loop is not None:
                    a = o.loop
                    while a is not None:
                        if a is h.loop:
                            dead.append(o)
                            break
                        a = a.parent
            for o in dead:
                o.alive = False

    def add(self, loop=None, parent=None, base="h"):
        h = H(self.fresh(base), loop, parent=parent)
        self.handles.append(h)
        return h

    def results(self, n, optional=True):
        """Binds n results (or nothing when optional and chance)."""
        if optional and self.chance(0.25):
            return [], ""
        hs = [self.add() for _ in range(n)]
        return hs, ", ".join(h.name for h in hs) + " = "

    # the boundary values of a numeric attribute (issue 27): schedcc
    # refuses them with the number, or the program stays right
    BOUNDARY = [2147483647, 2147483648, 4294967296, -2147483648, -1, 0,
                9223372036854775807]

    def num(self, choices):
        params = [h for h in self.handles if h.param]
        if params and self.chance(0.15):
            return self.pick(params).name
        if self.chance(0.03):
            return str(self.pick(self.BOUNDARY))
        return str(self.pick(choices))

    # -- ops -----------------------------------------------------------------
    def op_match_op(self, parent=None):
        loops = self.k.loops
        if parent is None or parent.name == "%root":
            l = self.pick(loops)
            h = self.add(l, None)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (h.name,
                                                                      l.index),
                      "match.op")
            return h
        # inside a handle: first/second/nth
        sub = []
        if parent.loop is not None:
            def walk(x):
                for c in x.children:
                    sub.append(c)
                    walk(c)
            walk(parent.loop)
        if sub and self.chance(0.8):
            i = self.r.randint(1, len(sub))
            attr = {1: "{first}", 2: "{second}"}.get(i, "{nth = %d}" % i)
            if self.chance(0.5):
                attr = "{nth = %d}" % i
            h = self.add(sub[i - 1], parent)
        else:
            attr = self.pick(["{first}", "{second}", "", "{all}"])
            h = self.add(None, parent)
        self.emit("%s = match.op \"for\" %s in %s" % (h.name, attr,
                                                      parent.name), "match.op")
        return h

    def op_match_loop(self):
        hs = self.live()
        if hs and self.chance(0.4):
            p = self.pick(hs)
            cands = []
            if p.loop is not None:
                def walk(x):
                    for c in x.children:
                        cands.append(c)
                        walk(c)
                walk(p.loop)
            if cands:
                l = self.pick(cands)
                # the first loop named l.iv inside p in pre-order
                first = next(c for c in cands if c.iv == l.iv)
                h = self.add(first, p)
                self.emit("%s = match.loop \"%s\" in %s" % (h.name, l.iv,
                                                            p.name),
                          "match.loop")
                return h
        l = self.pick(self.k.loops)
        first = next(c for c in self.k.loops if c.iv == l.iv)
        all_ = self.chance(0.15)
        h = self.add(None if all_ else first, None)
        self.emit("%s = match.loop \"%s\"%s in %%root" % (
            h.name, l.iv, " {all}" if all_ else ""), "match.loop")
        return h

    def target(self, pred=None):
        hs = self.live()
        # chains: most often the result of the previous op
        if hs and hs[-1].name != "%root" and self.chance(0.4):
            return hs[-1]
        if pred:
            good = [h for h in hs if h.loop is not None and pred(h.loop)]
            if good and self.chance(0.85):
                return self.pick(good)
        if not hs:
            return None
        return self.pick(hs)

    def loop_handle(self, pred=None):
        """target(pred), or, when no handle is live (the first op of a
        guided schedule), a fresh match.op of a loop of the original nest
        (for which pred holds): its {nth} counts the original loops, exact
        before any op has run."""
        return self.target(pred) or self.match_fresh(pred)

    def match_fresh(self, pred):
        """A fresh match.op of a loop of the original nest for which pred
        holds (any loop without pred), or None when there is none."""
        cands = [l for l in self.k.loops if pred is None or pred(l)]
        if not cands:
            return None
        l = self.pick(cands)
        h = self.add(l)
        self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (h.name,
                                                               l.index),
                  "match.op")
        return h

    def gen_op(self):
        ops = ["loop.split", "loop.tile", "loop.interchange", "loop.reorder",
               "loop.unroll", "loop.vectorize", "loop.unroll_and_jam",
               "loop.scalar_replace", "loop.hoist", "loop.pack", "loop.fuse",
               "loop.distribute", "loop.peel", "loop.skew", "loop.parallel",
               "match.op", "match.loop", "print", "remark", "param.constant",
               "include", "loop.expand_scalar", "param.tunable",
               "loop.transpose_block", "param.expr", "param.lanes",
               "loop.sink", "loop.prefetch", "alternatives", "loop.reverse"]
        w = [6, 8, 6, 4, 6, 9, 7, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3, 3, 4,
             3, 2, 3, 3, 3, 4, 3, 4, 3]
        if getattr(self.k, "transposes", False):
            w[ops.index("loop.transpose_block")] = 12
        if any(getattr(l, "tnest", False) for l in self.k.loops):
            w[ops.index("loop.transpose_block")] = 30
        if self.in_region:  # no nested alternatives, no declarations
            w[ops.index("param.tunable")] = 0
            w[ops.index("alternatives")] = 0
        if self.guided:  # the ops a random nest rarely fits, drawn more
            for o in ("loop.expand_scalar", "loop.pack", "loop.sink",
                      "loop.fuse", "loop.transpose_block", "loop.vectorize",
                      "loop.parallel", "loop.interchange", "loop.reorder"):
                w[ops.index(o)] *= 4
        op = self.r.choices(ops, weights=w)[0]
        getattr(self, "g_" + op.replace(".", "_"))()

    def g_match_op(self):
        hs = self.live()
        self.op_match_op(self.pick(hs) if hs and self.chance(0.5) else None)

    def g_match_loop(self):
        self.op_match_loop()

    def g_print(self):
        h = self.target()
        if h:
            self.emit("print %s" % h.name, "print")

    def g_remark(self):
        h = self.target()
        if h:
            self.emit("remark %s \"fuzz %d\"" % (h.name, self.count), "remark")

    def g_param_constant(self):
        h = H(self.fresh("p"), param=True)
        self.handles.append(h)
        self.emit("%s = param.constant %d" % (h.name, self.pick([1, 2, 3, 4, 8])),
                  "param.constant")

    def g_param_tunable(self):
        name = "t%d" % (len(self.tunables) + 1)
        h = H(self.fresh("p"), param=True)
        self.handles.append(h)
        if self.chance(0.5):
            lo = self.pick([1, 2])
            hi = self.pick([4, 8, 16])
            text = "range [%d, %d] {default = %d}" % (lo, hi,
                                                      self.pick([lo, hi, 2]))
        else:
            text = "choice [%s]" % ", ".join(
                str(v) for v in self.r.sample([0, 1, 2, 3, 4, 8, 16], 3))
        self.emit("%s = param.tunable \"%s\" %s" % (h.name, name, text),
                  "param.tunable")
        self.tunables.append((name, h))
        if self.chance(0.7):
            self.emit("param.constraint \"%s %% 2 == 0 || %s < 4\"" % (
                name, name), "param.constraint")

    def g_param_expr(self):
        params = [h for h in self.handles if h.param]
        a = self.pick(params).name if params else "2"
        h = H(self.fresh("p"), param=True)
        self.handles.append(h)
        self.emit("%s = param.expr \"%s\"" % (h.name, self.pick([
            "%s * 2" % a, "%s + 1" % a, "%s / 2 + 1" % a,
            "%s %% 3 + 1" % a, "(%s > 2) * %s + 1" % (a, a)])), "param.expr")

    def g_param_lanes(self):
        t = self.target()
        if not t:
            return
        h = H(self.fresh("p"), param=True)
        self.handles.append(h)
        isa = self.pick(["avx512", "avx2", "sse4.2", None])
        self.emit("%s = param.lanes %s%s" % (
            h.name, t.name, " {isa = \"%s\"}" % isa if isa else ""),
            "param.lanes")

    def g_loop_transpose_block(self):
        tn = [l for l in self.k.loops if getattr(l, "tnest", False)]
        p = None
        if tn and self.chance(0.7):  # the nest written for it
            outer = self.add(tn[0])
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                outer.name, tn[0].index), "match.op")
            inner = self.add(tn[0].children[0])
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                inner.name, tn[0].children[0].index), "match.op")
            p = (outer, inner)
        if p is None:
            p = self.band_pair()
        if p is None:
            hs = self.ensure_band(2)
            if not hs:
                return
            p = (hs[0], hs[1])
        a, b = p
        if self.chance(0.2):
            a, b = b, a
        # (no isa: the kernel's flags have no -march, so the target's
        # baseline, SSE2, has no in-register transpose: refused; rarely)
        attrs = self.pick(["", " {size = 16, isa = \"avx512\"}",
                           " {isa = \"avx2\"}", " {isa = \"sse4.2\"}",
                           " {size = 8, isa = \"avx2\"}",
                           " {isa = \"avx2\", nontemporal}",
                           " {isa = \"avx512\", nontemporal}",
                           " {isa = \"avx2\", masked}",
                           " {isa = \"avx512\", masked}"]
                          if self.chance(0.9) else ["", " {nontemporal}",
                                                    " {size = 8}"])
        self.consume(a, b)
        res, bind = self.results(2)
        self.emit("%sloop.transpose_block %s, %s%s" % (bind, a.name, b.name,
                                                       attrs),
                  "loop.transpose_block")

    def g_loop_expand_scalar(self):
        names = list(getattr(self.k, "scalars", []))
        if not names and self.guided:
            return  # nothing to expand (a blind schedule still tries)
        names = names or ["w"]
        # mostly a loop known to write one of them (expand_nest's `u`),
        # and that scalar
        known = [x for x in names if any(
            x in getattr(l, "writes", ()) for l in self.k.loops)]
        name = self.pick(known) if known and self.chance(0.8) else \
            self.pick(names)
        writes = lambda l: name in getattr(l, "writes", ())
        h = self.fresh_loop(writes) or (
            self.loop_handle(writes) if self.chance(0.8) else self.target())
        if not h:
            return
        res, lhs = self.results(1)
        self.consume(h)
        self.emit("%sloop.expand_scalar %s \"%s\"" % (lhs, h.name, name),
                  "loop.expand_scalar")

    def g_alternatives(self):
        """alternatives { [param.assert] op; [yield] }, { op }, { }: the
        regions' results are not used afterwards unless yielded."""
        live_before = [h for h in self.handles if h.alive]
        yielding = self.chance(0.5)
        result = self.add() if yielding else None
        if result is not None:
            result.alive = False  # not a target inside the regions
        start = len(self.lines)
        self.lines.append(None)  # the header, written below
        self.ops.append("alternatives")
        nreg = self.pick([2, 2, 3])
        yielded_any = False
        for reg in range(nreg):
            if reg > 0:
                self.lines.append("  }, {")
                self.ops.append(None)
            if reg == nreg - 1 and not yielding and self.chance(0.5):
                continue  # an empty region: do nothing
            self.in_region = True
            params = [h for h in self.handles if h.param]
            if self.tunables and self.chance(0.4):
                name, ph = self.pick(self.tunables)
                self.emit("  param.assert %s" % ph.name, "param.assert")
            elif self.chance(0.3):
                # an expression over a parameter, or a literal, that holds
                self.emit("  param.assert %s" % (
                    "\"%s >= 0\"" % self.pick(params).name if params
                    else "1"), "param.assert")
            n0 = len(self.handles)
            self.gen_op()
            self.in_region = False
            if yielding:
                made = [h for h in self.handles[n0:] if h.alive and
                        not h.param]
                y = made[-1] if made else None
                if y is None:
                    cands = [h for h in live_before if h.alive and
                             not h.param and h.name != "%root"]
                    y = cands[-1] if cands else None
                if y is None:
                    # nothing to yield: match a loop afresh
                    l = self.pick(self.k.loops)
                    y = self.add(None, None)
                    self.emit("  %s = match.loop \"%s\" in %%root" % (
                        y.name, l.iv), "match.loop")
                self.emit("  yield %s" % y.name, "yield")
                yielded_any = True
            # what a region made is not visible after it
            for h in self.handles[n0:]:
                h.alive = False
        self.lines.append("  }")
        self.ops.append(None)
        hdr = "alternatives {"
        if yielding and yielded_any:
            hdr = "%s = alternatives {" % result.name
            result.alive = True
        self.lines[start] = "  " + hdr

    def g_loop_split(self):
        h = self.target()
        if not h:
            return
        self.consume(h)
        res, bind = self.results(2, optional=False)
        self.emit("%sloop.split %s div_by %s" % (bind, h.name,
                                                 self.num([1, 2, 3, 4, 8])),
                  "loop.split")

    def g_loop_tile(self):
        h = self.target(lambda l: True)
        if not h:
            return
        K = 1
        if h.loop is not None:
            K = self.r.randint(1, len(h.loop.perfect_band()))
        elif self.chance(0.5):
            K = 2
        sizes = [self.num([0, 2, 3, 4, 8, 16]) for _ in range(K)]
        self.consume(h)
        bind = ""
        if self.chance(0.75):
            hs = [self.add() for _ in range(2 * K)]
            bind = ", ".join(x.name for x in hs) + " = "
        self.emit("%sloop.tile %s tile_sizes [%s]" % (bind, h.name,
                                                      ", ".join(sizes)),
                  "loop.tile")

    def band_pair(self):
        """Two live handles a, b with b's loop in a's perfect band."""
        hs = self.live(known=True)
        pairs = []
        for a in hs:
            band = a.loop.perfect_band()
            for b in hs:
                if b is not a and b.loop in band[1:]:
                    pairs.append((a, b))
        if pairs and self.chance(0.9):
            return self.pick(pairs)
        return None

    def ensure_band(self, n):
        """Matches handles for a band of n loops (from root)."""
        cands = [l for l in self.k.loops if len(l.perfect_band()) >= n]
        if not cands:
            return None
        l = self.pick(cands)
        band = l.perfect_band()[:n]
        hs = []
        for x in band:
            h = self.add(x, None)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                h.name, x.index), "match.op")
            hs.append(h)
        return hs

    def g_loop_interchange(self):
        p = self.band_pair()
        if p is None:
            hs = self.ensure_band(2)
            if not hs:
                return
            p = (hs[0], hs[1])
        a, b = p
        self.consume(a, b)
        res, bind = self.results(2)
        self.emit("%sloop.interchange %s, %s" % (bind, a.name, b.name),
                  "loop.interchange")

    def g_loop_reorder(self):
        n = self.pick([2, 3, 3])
        hs = self.ensure_band(n) or self.ensure_band(2)
        if not hs:
            return
        perm = list(hs)
        self.r.shuffle(perm)
        self.consume(*hs)
        res, bind = self.results(len(perm))
        self.emit("%sloop.reorder [%s]" % (bind, ", ".join(h.name for h in perm)),
                  "loop.reorder")

    def g_loop_unroll(self):
        h = self.target(lambda l: l.const_trip or not l.children)
        if not h:
            return
        self.consume(h)
        if (h.loop is not None and h.loop.const_trip and self.chance(0.6)) or \
                self.chance(0.15):
            self.emit("loop.unroll %s {full}" % h.name, "loop.unroll")
        else:
            res, bind = self.results(2)
            self.emit("%sloop.unroll %s {factor = %s}" % (
                bind, h.name, self.num([1, 2, 3, 4])), "loop.unroll")

    def fresh_loop(self, pred):
        """In a guided schedule before any transform applied (the original
        nest, so {nth} is exact), most often a fresh match.op of a loop for
        which pred holds; else None."""
        if not self.guided or any(o and o.startswith("loop.")
                                  for o in self.ops) or not self.chance(0.8):
            return None
        return self.match_fresh(pred)

    def g_loop_vectorize(self):
        h = self.fresh_loop(lambda l: getattr(l, "vec", False)) or \
            self.target(lambda l: not l.children)
        if not h:
            return
        attrs = []
        isa = self.pick(["avx512", "avx2", "sse4.2", "scalar", None, None])
        if isa:
            attrs.append("isa = \"%s\"" % isa)
        if isa == "scalar" and self.chance(0.5):
            attrs.append("width = %d" % self.pick([2, 4, 8]))
        elif self.chance(0.15):
            w = {"avx512": 16, "avx2": 8, "sse4.2": 4}.get(isa, 8)
            if self.k.etype == "double":
                w //= 2
            attrs.append("width = %d" % w)
        if self.chance(0.3):
            attrs.append("contract")
            self.tolerance = True
        # (a loop written for vectorization often sums into `s`)
        if self.chance(0.8 if h.loop is not None and
                       getattr(h.loop, "vec", False) else 0.45):
            attrs.append("reassoc")
            self.tolerance = True
            k = "1"
            if self.chance(0.3):
                k = self.num([2, 3, 4])
                attrs.append("interleave = %s" % k)
            # F of the K accumulators of each sum add through fma(x, 1,
            # acc) (ISAs with FMA only): run.py also checks that the same
            # schedule without it prints the same bytes
            if (isa in ("avx512", "avx2") and k.isdigit() and int(k) >= 1
                    and self.chance(0.5)):
                attrs.append("fma_adds = %d" % self.r.randint(1, int(k)))
        if self.chance(0.3):
            attrs.append("align")
        # a masked remainder (and head) on avx2 too; None is the host's
        # ISA, which may be either
        if isa in ("avx512", "avx2", None) and self.chance(0.3):
            attrs.append("masked")
        self.r.shuffle(attrs)
        self.consume(h)
        res, bind = self.results(1)
        self.emit("%sloop.vectorize %s%s" % (
            bind, h.name, " {%s}" % ", ".join(attrs) if attrs else ""),
            "loop.vectorize")

    def g_loop_unroll_and_jam(self):
        h = self.target(lambda l: bool(l.children))
        if not h:
            return
        self.consume(h)
        res, bind = self.results(2)
        self.emit("%sloop.unroll_and_jam %s {factor = %s}" % (
            bind, h.name, self.num([2, 2, 3, 4, 4, 8, 16])), "loop.unroll_and_jam")

    def g_loop_scalar_replace(self):
        h = self.target()
        if not h:
            return
        self.consume(h)
        res, bind = self.results(1)
        self.emit("%sloop.scalar_replace %s" % (bind, h.name),
                  "loop.scalar_replace")

    def g_loop_hoist(self):
        h = self.target()
        if not h:
            return
        self.consume(h)
        res, bind = self.results(1)
        self.emit("%sloop.hoist %s" % (bind, h.name), "loop.hoist")

    def g_loop_pack(self):
        # a perfect nest (every loop inside it in its band)
        h = self.fresh_loop(lambda l: bool(l.children) and
                            not l.perfect_band()[-1].children) or \
            self.loop_handle()
        if not h:
            return
        if self.guided and h.loop is not None and self.chance(0.85):
            # the loops inside a tile loop run a bounded number of times,
            # which pack needs (the copy's extents): tiled first
            K = len(h.loop.perfect_band())
            self.consume(h)
            hs = [self.add() for _ in range(2 * K)]
            self.emit("%s = loop.tile %s tile_sizes [%s]" % (
                ", ".join(x.name for x in hs), h.name,
                ", ".join(self.pick(["4", "8", "16"]) for _ in range(K))),
                "loop.tile")
            h = hs[K]  # the first point loop: its extent and those inside bounded
        # consumes nothing
        res, bind = self.results(1)
        ro = getattr(self.k, "read_only", [])
        arr = self.pick(ro) if ro and self.chance(0.85) else \
            self.pick(self.k.arrays)
        attrs = ""
        if self.chance(0.3):  # micro-panels, of the outermost or a subscript
            attrs = " {panel = %d%s}" % (
                self.r.choice([2, 3, 4, 8, 16]),
                ", dim = %d" % self.r.choice([1, 2]) if self.chance(0.5)
                else "")
        self.emit("%sloop.pack %s \"%s\"%s" % (bind, h.name, arr, attrs),
                  "loop.pack")

    def g_loop_reverse(self):
        h = self.loop_handle()
        if not h:
            return
        self.consume(h)
        res, bind = self.results(1)
        self.emit("%sloop.reverse %s" % (bind, h.name), "loop.reverse")

    def g_loop_prefetch(self):
        h = self.target()
        if not h:
            return
        # consumes nothing; hints only: the values must not change
        res, bind = self.results(1)
        attrs = (" {distance = %s}" % self.num([1, 2, 5])
                 if self.chance(0.5) else "")
        self.emit("%sloop.prefetch %s \"%s\"%s" % (bind, h.name,
                                                   self.pick(self.k.arrays),
                                                   attrs),
                  "loop.prefetch")

    def sibling_pairs(self):
        """Adjacent siblings (a, b) of the original nest, a before b."""
        pairs = []
        tops = [l for l in self.k.loops if l.parent is None]
        for sib in [tops] + [l.children for l in self.k.loops]:
            pairs.extend(zip(sib, sib[1:]))
        return pairs

    def g_loop_fuse(self):
        # two adjacent siblings of the original nest
        pairs = self.sibling_pairs()
        hs = self.live(known=True)
        live_pairs = [(x, y) for x in hs for y in hs
                      if (x.loop, y.loop) in pairs]
        if live_pairs and self.chance(0.7):
            a, b = self.pick(live_pairs)
        elif pairs:
            la, lb = self.pick(pairs)
            a = self.add(la)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                a.name, la.index), "match.op")
            b = self.add(lb)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                b.name, lb.index), "match.op")
        else:
            hs = self.live()
            if len(hs) < 2:
                return
            a, b = self.r.sample(hs, 2)
        self.consume(a, b)
        res, bind = self.results(1)
        # {shift = S}: shifted fusion into one guarded loop (fuse_shift.c)
        attr = ""
        if self.chance(0.3):
            attr = " {shift = %s}" % self.num([-1, 0, 1, 2])
        self.emit("%sloop.fuse %s, %s%s" % (bind, a.name, b.name, attr),
                  "loop.fuse")

    def g_loop_sink(self):
        # a loop and the sibling after (or before) it: code sinking
        pairs = [p for a, b in self.sibling_pairs() for p in ((a, b), (b, a))]
        # mostly loops over different ivs (x's loop would set l's iv)
        distinct = [(a, b) for a, b in pairs if a.iv != b.iv]
        if distinct and self.chance(0.8):
            pairs = distinct
        if pairs and self.chance(0.8):
            lx, ll = self.pick(pairs)
            x = self.add(lx)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                x.name, lx.index), "match.op")
            l = self.add(ll)
            self.emit("%s = match.op \"for\" {nth = %d} in %%root" % (
                l.name, ll.index), "match.op")
        else:
            hs = self.live()
            if len(hs) < 2:
                return
            x, l = self.r.sample(hs, 2)
        self.consume(x, l)
        res, bind = self.results(1)
        self.emit("%sloop.sink %s into %s" % (bind, x.name, l.name),
                  "loop.sink")

    def g_loop_distribute(self):
        h = self.target(lambda l: l.nstmts + len(l.children) >= 2)
        if not h:
            return
        self.consume(h)
        bind = ""
        if self.chance(0.3):
            n = self.r.randint(2, 3)
            name = self.fresh("parts")
            for i in range(n):
                x = H("%s#%d" % (name, i + 1))
                self.handles.append(x)
            bind = "%s:%d = " % (name, n)
        self.emit("%sloop.distribute %s" % (bind, h.name), "loop.distribute")

    def g_loop_peel(self):
        h = self.target()
        if not h:
            return
        self.consume(h)
        res, bind = self.results(2)
        self.emit("%sloop.peel %s {%s = %s}" % (
            bind, h.name, self.pick(["front", "back"]), self.num([1, 2, 3])),
            "loop.peel")

    def g_loop_skew(self):
        p = self.band_pair()
        if p is None:
            hs = self.ensure_band(2)
            if not hs:
                return
            p = (hs[0], hs[1])
        a, b = p
        self.consume(a, b)
        res, bind = self.results(2)
        self.emit("%sloop.skew %s, %s {factor = %s}" % (
            bind, a.name, b.name, self.num([1, 2])), "loop.skew")

    def g_loop_parallel(self):
        h = self.target()
        if not h:
            return
        attrs = []
        if self.chance(0.4):
            attrs.append("schedule = \"%s\"" % self.pick(
                ["static", "dynamic", "guided,2", "static,3"]))
        if self.chance(0.4):
            attrs.append("reduction")
            if self.k.etype != "int":
                self.tolerance = True
        self.consume(h)
        res, bind = self.results(1)
        self.emit("%sloop.parallel %s%s" % (
            bind, h.name, " {%s}" % ", ".join(attrs) if attrs else ""),
            "loop.parallel")

    def g_include(self):
        h = self.target()
        if not h or self.sub is not None:
            return
        # a second sequence doing one transform on its argument
        sub = SGen(self.r, self.k)
        arg = H("%arg", h.loop)
        sub.handles.append(arg)
        sub.count = 1000
        kind = self.pick(["loop.split", "loop.unroll", "loop.peel",
                          "loop.tile", "loop.vectorize", "loop.hoist"])
        getattr(sub, "g_" + kind.replace(".", "_"))()
        self.sub = sub
        self.tolerance |= sub.tolerance
        self.consume(h)
        self.emit("include @sub(%s)" % h.name, "include")

    def maybe_specialize(self):
        """loop.specialize last, on a live loop, in about one schedule in
        six, from a generator of its own (seeded by the schedule so far):
        the main stream, and so every other op, stays what it was."""
        side = random.Random("\n".join(self.lines))
        hs = [h for h in self.live() if h is not self.handles[0]]
        if not hs or side.random() >= (0.45 if self.guided else 0.17):
            return
        h = side.choice(hs)
        cond = side.choice(["n % 2 == 0", "n > 5 && m >= 2", "m % 4 == 0 || n < 3",
                            "n >= m", "!(n % 3) && m != 7"])
        a, b = self.add(), self.add()
        self.consume(h)
        self.emit("%s, %s = loop.specialize %s \"%s\"" % (a.name, b.name,
                                                           h.name, cond),
                  "loop.specialize")

    def start(self):
        """%root and the first handles matched in it."""
        self.handles.append(H("%root"))
        self.handles[0].loop = None
        for _ in range(self.r.randint(1, 3)):
            if self.chance(0.6):
                self.op_match_op(None)
            else:
                self.op_match_loop()

    def one_op(self):
        root = self.handles[0]
        root.alive = False  # never apply a loop op to %root on purpose
        self.gen_op()
        root.alive = True

    def snapshot(self):
        return (len(self.lines), len(self.ops), list(self.handles),
                [h.alive for h in self.handles], self.count, self.sub,
                self.tolerance, self.in_region, list(self.tunables))

    def restore(self, snap):
        (nl, no, hs, alive, self.count, self.sub, self.tolerance,
         self.in_region, self.tunables) = snap
        del self.lines[nl:]
        del self.ops[no:]
        self.handles = hs
        for h, a in zip(hs, alive):
            h.alive = a

    def schedule(self):
        self.start()
        for _ in range(self.r.randint(1, 5)):
            self.one_op()
        self.maybe_specialize()
        return self.render()

    def schedule_guided(self, accept, steps, tries, order=None):
        """Built op by op against what schedcc accepts (a guided generator,
        as the issue's hidden tester and YARPGen's do with their own
        state): each op is generated on the schedule so far and kept only
        when schedcc applies the whole schedule (accept(text)); a refused
        one is taken back and another drawn, up to `tries` times a step.
        The ops kept have all applied, so every op is exercised far more
        often than in a schedule written blind.

        order: the transforms and language ops to draw first, the least
        applied so far first (run.py keeps the counts: each op is to be
        applied often, issue 27); without it, RARE_OPS in a shuffled order
        (the hardest five first) and three of LANG_OPS at random."""
        self.guided = True
        self.start()
        if order:
            rare = [o for o in order if o in GUIDED_OPS]
            lang = [o for o in order if o in LANG_OPS][:3]
        else:
            # the hardest to fit first, then the others, each group
            # shuffled
            hard = RARE_OPS[:5]
            rest = RARE_OPS[5:]
            self.r.shuffle(hard)
            self.r.shuffle(rest)
            rare = hard + rest
            lang = self.r.sample(LANG_OPS, 3)
        # first the transforms, each in turn, until four of them applied
        kept = 0
        for op in rare:
            for _ in range(2):
                snap = self.snapshot()
                root = self.handles[0]
                root.alive = False
                getattr(self, "g_" + op.replace(".", "_"))()
                root.alive = True
                if len(self.lines) == snap[0]:
                    break  # the kernel has nothing it applies to
                if accept(self.render()[0]):
                    kept += 1
                    break
                self.restore(snap)
            if kept == 4:
                break
        # then three of the schedule language's own ops (handles, params,
        # alternatives with param.assert, include), which always apply but
        # are drawn rarely among the transforms
        for op in lang:
            snap = self.snapshot()
            getattr(self, "g_" + op.replace(".", "_"))()
            if len(self.lines) != snap[0] and not accept(self.render()[0]):
                self.restore(snap)
        for _ in range(steps):
            for _ in range(tries):
                snap = self.snapshot()
                self.one_op()
                if len(self.lines) == snap[0] or accept(self.render()[0]):
                    break
                self.restore(snap)
        snap = self.snapshot()
        self.maybe_specialize()
        if len(self.lines) != snap[0] and not accept(self.render()[0]):
            self.restore(snap)
        return self.render()

    def render(self):
        text = []
        if self.tolerance:
            text.append("// tolerance: 1e-3 abs 1e-3")
        text.append("named_sequence @main(%root) {")
        lines = list(self.lines)
        text += lines
        text.append("}")
        oplines = {}
        base = len(text) - len(lines)  # 1-based line of the first op - 1
        for i, op in enumerate(self.ops):
            if op:  # None: a line of an alternatives op that is no op
                oplines[base + i] = op
        if self.sub is not None:
            text.append("named_sequence @sub(%arg) {")
            start = len(text)
            text += self.sub.lines
            for i, op in enumerate(self.sub.ops):
                oplines[start + i + 1] = op
            text.append("}")
        return "\n".join(text) + "\n", oplines


# The transforms (all but split, tile, unroll, peel and specialize, which
# nearly every schedule applies): the guided generator tries them first,
# the first five (the hardest to fit, by run.py's report) before the rest.
RARE_OPS = ["loop.pack", "loop.sink", "loop.transpose_block",
            "loop.expand_scalar", "loop.vectorize", "loop.fuse",
            "loop.reverse", "loop.hoist", "loop.prefetch", "loop.skew",
            "loop.scalar_replace", "loop.interchange", "loop.reorder",
            "loop.distribute", "loop.parallel", "loop.unroll_and_jam"]

# The schedule language's own ops, three of which the guided generator
# adds after the transforms (print and remark need a live handle; the
# rarest applied, alternatives with param.assert, include and
# param.lanes, listed twice).
LANG_OPS = ["print", "remark", "param.tunable", "param.expr", "param.lanes",
            "include", "alternatives", "param.constant", "param.lanes",
            "include", "alternatives"]

# The ops an `order` (schedule_guided) ranks: every transform the
# generator draws (loop.specialize comes last in every schedule, on its
# own generator) and the language ops.
GUIDED_OPS = RARE_OPS + ["loop.split", "loop.tile", "loop.unroll",
                         "loop.peel"]
ORDERED_OPS = GUIDED_OPS + sorted(set(LANG_OPS))


def gen_schedule(rng, kernel, accept=None, steps=3, tries=3, order=None):
    """Returns (text, {line: op}, tolerance).  With accept (a function of a
    schedule's text: true when schedcc applies it), the schedule is built
    op by op, each op kept only when accepted, the ops of `order` drawn
    first in that order (SGen.schedule_guided)."""
    g = SGen(rng, kernel)
    if accept is None:
        text, oplines = g.schedule()
    else:
        text, oplines = g.schedule_guided(accept, steps, tries, order)
    return text, oplines, g.tolerance


if __name__ == "__main__":
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = random.Random(seed)
    k = gen_kernel(rng)
    print(k.src)
    t, ol, tol = gen_schedule(rng, k)
    print(t)
    print(ol, tol)
