/* be.h — code generators.  be_c.c: C (portable; intrinsics come with the
 * vector IR).  The LLVM emitter comes later (be_llvm.c).
 */
#ifndef BE_H
#define BE_H

#include "../ir/ir.h"

/* Appends to `out` the module's source file with each kernel's byte range
 * [begin, end) replaced by C generated from its IR, every other byte
 * copied unchanged, and any includes the generated code needs added once
 * at the top.  The generated code is indented to the kernel's column,
 * one statement per line, braces as clang-format's LLVM style, and
 * compiles without warnings under -Wall -Wextra with gcc and clang.
 * Returns false (with a diagnostic) when a kernel cannot be emitted. */
bool be_emit_c(scc_ctx *ctx, const ir_module *m, scc_buf *out);

/* The generated C of one kernel's region alone (as it replaces the range),
 * for tests and --emit=kernel-c. */
bool be_emit_kernel_c(scc_ctx *ctx, const ir_kernel *k, scc_buf *out);

#endif
