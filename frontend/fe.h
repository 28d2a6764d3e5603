/* fe.h — the frontend: libclang (Clang 19) parses a C file with the user's
 * compile flags and raises every kernel it marks into the IR.
 *
 * Kernels: a function or a loop preceded by `#pragma schedcc kernel`, and
 * the statements between `#pragma scop` and `#pragma endscop`.
 * `#pragma schedcc label(name)` before a loop names the loop.
 */
#ifndef FE_H
#define FE_H

#include "../ir/ir.h"

/* Parses `path` with libclang using the compile flags args[0..nargs-1]
 * (as after `--` on the command line) and returns a module with every
 * kernel of the file, in source order.  Errors are reported through ctx
 * as "file:line:col: error: ..." (clang's own errors included, and
 * "unsupported in a kernel: ..." for constructs the IR cannot hold); on any
 * error the result is NULL.  clang's warnings (the flags decide which:
 * -Wno-error=implicit-function-declaration makes that error one) are
 * printed as warnings and do not stop the parse; -w in args silences them.
 * A flag clang does not know ("unknown argument") is a warning: the parse
 * goes on without it.  A file without kernels yields a module with no
 * kernels (not an error). */
ir_module *fe_parse_file(scc_ctx *ctx, const char *path,
                         const char *const *args, int nargs);

/* The best vector instruction set that the compile flags args[0..nargs-1]
 * enable for the target they select, as the compiler sees it (its
 * predefined macros): "avx512" (__AVX512F__ and __FMA__), "avx2" (__AVX2__),
 * "sse4.2", else "scalar" (no flags on x86-64: the baseline, SSE2, which
 * schedcc's vector code does not target; other targets).  *no_fma (when
 * not NULL) is set when the ISA is "avx2" without __FMA__ (`-mavx2` alone,
 * or `-march=haswell -mno-fma`): vector code then has no fused multiply-add.
 * The string is static. */
const char *fe_flags_isa(scc_ctx *ctx, const char *const *args, int nargs,
                         bool *no_fma);

/* The clang flags that make libclang accept with a warning what GCC 12
 * accepts with a warning but clang 19 refuses by default (each a
 * "-Wno-error=<warning>"), NULL-terminated; `schedcc --cc=gcc` (the
 * wrapper's mode for gcc) puts them before the user's flags, so a later
 * -Werror=<warning> of the user's still applies.  See fe_target.c. */
const char *const *fe_gcc_compat_flags(void);

#endif
