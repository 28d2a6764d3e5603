/* be.h — code generators.  be_c.c: C (portable; intrinsics come with the
 * vector IR).  be_llvm.c, be_llvm_gen.c: object code, assembly or LLVM IR
 * through the LLVM C API.
 */
#ifndef BE_H
#define BE_H

#include "../ir/ir.h"

/* The lowering before the emitters (be_lower.c): after the schedule, once
 * per kernel, it turns what both emitters would otherwise decide on their
 * own into IR annotations they print: each loop.to_library nest becomes an
 * ir_libcall (ir_loop.call: the product matched once, its guard, its
 * libxsmm kernel in ir_kernel.xsmm_dispatch; a nest that is no longer a
 * product gets a warning and stays loops), and each run-time assumption
 * of a versioned kernel one int expression (ir_assumption.check) over
 * element addresses (IR_EXPR_ELEM_ADDR).  Running it again recomputes the
 * calls (keeping the libxsmm kernels' names).  Allocates in ctx's arena.
 * The emitters refuse a kernel that was not lowered. */
void be_lower_kernel(scc_ctx *ctx, ir_kernel *k);
/* be_lower_kernel on every kernel of m. */
void be_lower_module(scc_ctx *ctx, ir_module *m);
/* For the emitters: true when k is ready to print; a versioned kernel
 * whose checks were not lowered is an internal error (reported at the
 * kernel; false). */
bool be_check_lowered(scc_ctx *ctx, const ir_kernel *k);

/* Appends to `out` the module's source file with each kernel's byte range
 * [begin, end) replaced by C generated from its IR, every other byte
 * copied unchanged, and any includes the generated code needs added once
 * at the top.  The generated code is indented to the kernel's column,
 * one statement per line, braces as clang-format's LLVM style, and
 * compiles without warnings under -Wall -Wextra with gcc and clang.
 * Returns false (with a diagnostic) when a kernel cannot be emitted. */
bool be_emit_c(scc_ctx *ctx, const ir_module *m, scc_buf *out);

/* be_emit_c with line markers: `#line 1 "<m->filename>"` after the added
 * includes and `#line N "<m->filename>"` after each kernel region and each
 * left-out pragma line, so every line copied from the source keeps its
 * number (diagnostics of the compiler point into the original file).  The
 * regenerated lines of a region (all of a function kernel's; those after
 * the first of a loop or scop kernel, whose first line stays the kernel's
 * own) are preceded by `#line N "<self>"`, N their line in the output
 * itself: `self` is the name the output is compiled under (the -o file),
 * so a diagnostic inside generated code points at the generated line.  A
 * loop or scop kernel's last line ends before the marker: the rest of the
 * source line after the region moves to a line of its own. */
bool be_emit_c_line_markers(scc_ctx *ctx, const ir_module *m, const char *self,
                            scc_buf *out);

/* The GCC/Clang `target` attribute features ("avx512f,avx2,fma") that the
 * function holding kernel k needs because its vector code uses a better
 * ISA than ctx->enabled_isa (the compile flags'), or NULL when the flags
 * cover it (or enabled_isa is NULL).  See be_target.c for the rule. */
const char *be_target_attr(const scc_ctx *ctx, const ir_kernel *k);

/* The target features of an ISA as the `target` attribute spells them
 * ("avx2,fma"); NULL for scalar and non-x86 ISAs. (be_target.c) */
const char *be_isa_features(ir_isa isa);

/* The generated C of one kernel's region alone (as it replaces the range),
 * for tests and --dump-after: the kernel as it is now, lowered first
 * (be_lower_kernel writes its annotations on k, which the lowering before
 * the final emission computes again). */
bool be_emit_kernel_c(scc_ctx *ctx, const ir_kernel *k, scc_buf *out);

/* Declares the kernel's local arrays (ir_array.is_local: loop.pack buffers)
 * for which keep(array, data) holds (keep NULL: all of them) as
 * `_Alignas(64) T name[d0]...;` lines at the start of its generated code,
 * in be_c.c's layout (base: indentation; trailing_nl: function form;
 * nlines: lines already emitted).  Returns the number of lines written.
 * (be_c_decl.c) */
int be_c_emit_local_arrays(const ir_kernel *k, scc_buf *out, int base,
                           bool trailing_nl, int nlines,
                           bool (*keep)(const ir_array *, void *), void *data);

/* ---- LLVM (be_llvm.c) -----------------------------------------------------
 */

typedef enum be_llvm_kind {
  BE_LLVM_OBJECT, /* -c: an ordinary .o */
  BE_LLVM_ASM,    /* -S: assembly */
  BE_LLVM_IR,     /* --emit=llvm: textual LLVM IR (.ll) */
} be_llvm_kind;

typedef struct be_llvm_options {
  be_llvm_kind kind;
  const char *triple; /* --target=; NULL: the host */
  const char *cpu;    /* --mcpu=; NULL: the host (-march=native) */
  int opt_level;      /* -O0..-O3 (default 2) */
  /* the user's compile flags (after --), for compiling the rest of the
   * translation unit with clang-19 */
  const char *const *clang_args;
  int nclang;
} be_llvm_options;

/* Compiles the module's file to `out_path` (written atomically; "-" is
 * stdout): each kernel is built directly as LLVM IR with the LLVM C API,
 * outlined into `__schedcc_kernel_<name>` (arrays' base pointers,
 * variable extents, read-only scalars by value, written scalars declared
 * outside by address — their final values, induction variables included,
 * are stored back), called from where the kernel stood; the rest of the
 * translation unit is compiled by clang-19 ($SCHEDCC_CLANG) to bitcode with
 * the user's flags and linked in (LLVMLinkModules2); the module is
 * verified, optimized (LLVMRunPasses "default<On>") and emitted for the
 * target (default: the host CPU and its features).  Kernel float code has
 * no fast-math flags except `reassoc` on IR_EXPR_REDUCE and llvm.fma for
 * "fma"/"fmaf" calls.  Parallel loops run sequentially (a warning).
 * Returns false after reporting an error; see docs/llvm.md. */
bool be_emit_llvm(scc_ctx *ctx, const ir_module *m, const be_llvm_options *o,
                  const char *out_path);

/* The version of the LLVM library the backend runs on (LLVMGetVersion). */
void be_llvm_version(unsigned *major, unsigned *minor, unsigned *patch);

#endif
