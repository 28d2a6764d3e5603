/* bmm.cpp — the case study (samples/bmm.c: C[b][i][j] += A[b][i][k] *
 * B[b][k][j], 6 x 196x2305 . 2305x256, float) written in Halide 14 and
 * JIT-compiled for the host, one thread: the Halide anchor of `make bench`
 * (bench/README.md).  Linked with bench/harness.c (-DBENCH_BMM), which
 * calls bench_kernel once as warm-up (here: the JIT compilation happens in
 * that first call, outside the timed runs) and then times it.
 *
 * The algorithm is the plain reduction; the schedule (bmm_schedule) is a
 * register-tiled micro-kernel:
 *   - the output is cut in tiles of ROWS rows x VECS vectors of 16 floats
 *     (default 7 x 4: 28 accumulators of the 32 vector registers; VECS
 *     must divide 16, ROWS need not divide 196: the last row tile is
 *     guarded, its partial sums computed on a full tile with A's row index
 *     clamped);
 *   - the accumulator tile (Func `acc`) is computed per tile, its update
 *     loop nest is k outside, rows and vectors inside, both unrolled, so the
 *     tile stays in registers and each k step is VECS loads of B, ROWS
 *     broadcasts of A and ROWS*VECS fused multiply-adds;
 *   - k is split in blocks of KC (default 256; 0 = no blocking) with
 *     rfactor: the partial sums of one k block for one tile are an
 *     intermediate Func computed in registers and added to C, so the panel
 *     of B that the tiles of one block read (KC x 256 floats) stays in the
 *     L2 cache;
 *   - the inner k loop is unrolled by KU (default 4).
 * The environment variables HALIDE_BMM_ROWS, HALIDE_BMM_VECS,
 * HALIDE_BMM_KC, HALIDE_BMM_KU override the defaults (for tuning; the
 * runner uses the defaults: the best of a small sweep on a Zen 5 core,
 * rows 4/6/7/14 x vectors 2/4, KC 0/128/256/512, k unrolled 1/4/8).  HL_JIT_TARGET overrides the host target.
 *
 * C is updated in place: the pipeline's input Cin and its output are the
 * same buffer; every tile reads the elements of Cin it writes and no
 * other, and no tile is computed twice (no ShiftInwards tail), so the
 * aliasing is safe (KC 0 path: ROWS must divide 196, as its tail would be
 * ShiftInwards). */
#include "Halide.h"
#include <cstdio>
#include <cstdlib>

using namespace Halide;

namespace {
enum { NB = 6, NI = 196, NJ = 256, NK = 2305 };

int env_int(const char *name, int dflt) {
  const char *s = std::getenv(name);
  return s && *s ? std::atoi(s) : dflt;
}

struct BmmPipeline {
  ImageParam A{Float(32), 3, "A"};   /* A(k, i, b): innermost first */
  ImageParam B{Float(32), 3, "B"};   /* B(j, k, b) */
  ImageParam Cin{Float(32), 3, "C"}; /* C(j, i, b) */
  Func out{"bmm"};
  Pipeline pipe;

  BmmPipeline() {
    const int rows = env_int("HALIDE_BMM_ROWS", 7);
    const int vecs = env_int("HALIDE_BMM_VECS", 4);
    const int kc = env_int("HALIDE_BMM_KC", 256);
    const int ku = env_int("HALIDE_BMM_KU", 4);
    const int vl = 16; /* floats per 512-bit vector */
    Var j("j"), i("i"), b("b"), k("k"), jo("jo"), io("io"), ji("ji"), ii("ii");
    RDom r(0, NK, "k");

    RVar kio("kio"), kii("kii");
    if (kc <= 0 && NI % rows != 0) {
      /* the tail of the unblocked path would be ShiftInwards: tiles
       * computed twice on a C read in place (a wrong result) */
      std::fprintf(stderr,
                   "halide: KC 0 needs ROWS dividing %d, not %d: refused\n",
                   NI, rows);
      std::exit(2);
    }
    if (kc > 0) {
      /* the algorithm: C += A . B per batch, as an update of C */
      out(j, i, b) = Cin(j, i, b);
      /* rows not dividing 196: the last tile is guarded, its partial sums
       * computed on full tiles (bound_extent) with A's row clamped */
      Func Ac("Ac");
      Ac(k, i, b) = A(k, min(i, NI - 1), b);
      out(j, i, b) += Ac(r.x, i, b) * B(j, r.x, b);
      /* k blocks of KC: rfactor makes the partial sum over one block a
       * Func `part` (part(j, i, u, b): block u), and out's update adds the
       * blocks' partial sums to C */
      RVar ko("ko"), ki("ki");
      Var u("u");
      out.vectorize(j, vl);
      out.update().split(r.x, ko, ki, kc);
      Func part = out.update().rfactor(ko, u);
      out.update()
          .tile(j, i, jo, io, ji, ii, vl * vecs, rows, TailStrategy::GuardWithIf)
          .reorder(ji, ii, jo, io, ko, b)
          .vectorize(ji, vl)
          .unroll(ii);
      /* one block's partial sum of one tile, in registers */
      part.compute_at(out, jo)
          .bound_extent(j, vl * vecs)
          .bound_extent(i, rows)
          .vectorize(j, vl)
          .unroll(j)
          .unroll(i);
      part.update()
          .split(ki, kio, kii, ku)
          .reorder(j, i, kii, kio)
          .vectorize(j, vl)
          .unroll(j)
          .unroll(i)
          .unroll(kii);
    } else {
      /* the algorithm: the accumulator tile starts from C */
      Func acc("acc");
      acc(j, i, b) = Cin(j, i, b);
      acc(j, i, b) += A(r.x, i, b) * B(j, r.x, b);
      out(j, i, b) = acc(j, i, b);
      out.tile(j, i, jo, io, ji, ii, vl * vecs, rows)
          .reorder(ji, ii, io, jo, b)
          .vectorize(ji, vl);
      acc.compute_at(out, io).vectorize(j, vl).unroll(j).unroll(i);
      acc.update()
          .split(r.x, kio, kii, ku)
          .reorder(j, i, kii, kio)
          .vectorize(j, vl)
          .unroll(j)
          .unroll(i)
          .unroll(kii);
    }
    pipe = Pipeline(out);
    Target t = get_jit_target_from_environment();
    pipe.compile_jit(t);
    std::fprintf(stderr, "halide: target %s, %d x %d vectors, KC %d, k unrolled %d\n",
                 t.to_string().c_str(), rows, vecs, kc, ku);
  }
};
} // namespace

extern "C" void bench_kernel(float *A, float *B, float *C);

extern "C" void bench_kernel(float *A, float *B, float *C) {
  static BmmPipeline *p = new BmmPipeline(); /* JIT on the first call */
  Buffer<float> a(A, NK, NI, NB), b(B, NJ, NK, NB), c(C, NJ, NI, NB);
  p->A.set(a);
  p->B.set(b);
  p->Cin.set(c);
  p->pipe.realize(c);
}
