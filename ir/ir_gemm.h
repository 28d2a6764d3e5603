/* ir_gemm.h — recognizing a matrix product in a loop nest (ir_gemm.c).
 *
 * The nest rooted at a loop computes, for row-major matrices,
 *
 *   C[i][j] = beta * C[i][j] + alpha * sum_k A[i][k] * B[k][j]
 *
 * (the BLAS xGEMM operation, with A or B possibly transposed) when it is a
 * band of three loops i, j, k (any order) with unit step whose bounds do
 * not read each other's induction variables, around exactly one statement
 *
 *   C[..] += A[..] * B[..]        (or C = C + ..., with scalar factors:
 *                                  alpha, loop-invariant, in any position;
 *                                  or C -= ..., C = C - ...: alpha
 *                                  negated)
 *
 * optionally preceded, when the two outer loops of the band are i and j,
 * by `C[..] *= beta` (or `C = beta * C`) in the body of the second loop,
 * before the k loop; or, when the root is i, by a j loop of its own with
 * the same bounds holding only that scaling, before the band's second loop
 * (PolyBench's gemm: `for i { for j: C *= beta; for k: for j: C += ... }`).
 * Subscripts may be multi-dimensional (`A[b][i][k]`, outer subscripts
 * loop-invariant: a batch), or linearized (`A[i*lda + k]`, a pointer): what
 * matters is the element offset, linear in i, j, k with loop-invariant
 * coefficients; the coefficient 1 marks the contiguous dimension, the other one
 * is the leading dimension.
 *
 * The recognizer lives in ir/ because both the transform (loop.to_library,
 * transforms/to_library.c, which marks the nest) and the lowering before
 * the emitters (backend/be_lower.c, which matches the nest once more on the
 * IR the schedule left and makes the call that both emitters print) use
 * it; it reads the IR only.
 */
#ifndef IR_GEMM_H
#define IR_GEMM_H

#include "ir.h"

/* A matrix product found in a nest (arena expressions; the accesses are
 * copies, the nodes are the nest's own).  M x N is C's shape, K the
 * reduction length; all row-major. */
typedef struct ir_gemm {
  ir_type type;                      /* IR_TY_FLOAT or IR_TY_DOUBLE */
  ir_node *loop_i, *loop_j, *loop_k; /* the band's loops */
  ir_node *update;                   /* the C += A * B statement */
  ir_node *scale;                    /* the C *= beta statement, or NULL */
  ir_expr *m, *n, *k;                /* extents (int expressions of the loops
                                        around the nest and parameters) */
  /* The elements of A, B, C at the first iteration: their addresses are
   * the matrices' base pointers (offsets of tiles and batches included). */
  ir_expr *a, *b, *c;
  ir_expr *lda, *ldb, *ldc; /* leading dimensions (elements) */
  bool trans_a;             /* A is stored K x M: A[k][i] */
  bool trans_b;             /* B is stored N x K: B[j][k] */
  ir_expr *alpha;           /* scalar factor, NULL for 1 */
  bool subtracts;           /* C -= ... (alpha negated by the match) */
  ir_expr *beta;            /* scaling of C, NULL for 1 (accumulate) */
  /* Conditions (int expressions) the library needs that could not be
   * decided at compile time: extents positive, leading dimensions at least
   * the rows' lengths.  The caller calls the library when all hold, and
   * runs the loops otherwise (they then compute the same thing). */
  scc_vec guards;
} ir_gemm;

/* Matches the nest rooted at `root` (see above).  On success fills *g and
 * returns true.  Otherwise returns false with *why (arena string) saying
 * what is not a matrix product in the user's terms, e.g. "the statement
 * reads 3 arrays in its product; a matrix product reads two", and *where
 * the location of the construct at fault. */
bool ir_gemm_match(scc_ctx *ctx, ir_node *root, ir_gemm *g, const char **why,
                   scc_loc *where);

/* True when an expression reads an induction variable or a scalar the
 * kernel writes (so its value is not known at kernel entry). */
bool ir_gemm_varies(const ir_expr *e);

/* What a program calling `library` ("cblas", "libxsmm") links with on
 * Debian: "-lopenblas" (OpenBLAS's CBLAS), "-lxsmm -lblas -lm -ldl"
 * (libxsmm 1.17's static library needs a BLAS for its fallbacks, libm and
 * libdl); NULL for another name. */
const char *ir_library_link_flags(const char *library);

/* The header declaring the library's functions ("cblas.h", "libxsmm.h"). */
const char *ir_library_header(const char *library);

#endif
