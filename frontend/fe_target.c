/* fe_target.c — the vector instruction set that the compile flags enable,
 * asked of the compiler itself: libclang preprocesses a few lines that test
 * the predefined macros of the target the flags select (__AVX512F__,
 * __AVX2__, __FMA__, __SSE4_2__; __aarch64__ with __ARM_NEON, which every
 * AArch64 target defines unless +nosimd), exactly as `cc -dM -E` with those
 * flags would define them.  So `-march=native`, `-march=znver4`, `-mavx512f`,
 * `-mno-avx512f`, `--target=aarch64-linux-gnu` and no flag at all (the
 * target's baseline: x86-64 is SSE2 only) all mean what they mean to the
 * compiler.  (Source of the macro names: the GCC manual, "x86 Options"; the
 * Clang manual, "Target-specific features".)  `-mavx2` alone is AVX2
 * without FMA (__FMA__ undefined: GCC and Clang enable FMA with -mfma or a
 * CPU that has it, -march=haswell and later), and vector code for it must
 * not use fused multiply-adds.
 *
 * Also here: the flags that make clang's parse accept what GCC 12 accepts
 * (fe_gcc_compat_flags).
 */
#include "fe.h"

#include <clang-c/Index.h>
#include <string.h>

/* True for a flag that selects the target or its instruction-set
 * extensions (the only ones the probe needs: -include and friends would
 * pull files into it). */
static bool target_flag(const char *a) {
  return strncmp(a, "-m", 2) == 0 || strncmp(a, "--target=", 9) == 0;
}

static const char probe[] =
    "#if defined(__AVX512F__) && defined(__FMA__)\n"
    "int schedcc_isa_avx512;\n"
    "#elif defined(__AVX2__) && defined(__FMA__)\n"
    "int schedcc_isa_avx2;\n"
    "#elif defined(__AVX2__)\n"
    "int schedcc_isa_avx2_nofma;\n"
    "#elif defined(__SSE4_2__)\n"
    "int schedcc_isa_sse4_2;\n"
    "#elif defined(__aarch64__) && defined(__ARM_NEON)\n"
    "int schedcc_isa_neon;\n"
    "#else\n"
    "int schedcc_isa_scalar;\n"
    "#endif\n";

static enum CXChildVisitResult find_isa(CXCursor c, CXCursor parent,
                                        CXClientData d) {
  (void)parent;
  const char **isa = d;
  if (clang_getCursorKind(c) != CXCursor_VarDecl)
    return CXChildVisit_Continue;
  CXString n = clang_getCursorSpelling(c);
  const char *s = clang_getCString(n);
  if (strcmp(s, "schedcc_isa_avx512") == 0)
    *isa = "avx512";
  else if (strcmp(s, "schedcc_isa_avx2") == 0)
    *isa = "avx2";
  else if (strcmp(s, "schedcc_isa_avx2_nofma") == 0)
    *isa = "avx2 nofma";
  else if (strcmp(s, "schedcc_isa_sse4_2") == 0)
    *isa = "sse4.2";
  else if (strcmp(s, "schedcc_isa_neon") == 0)
    *isa = "neon";
  else if (strcmp(s, "schedcc_isa_scalar") == 0)
    *isa = "scalar";
  clang_disposeString(n);
  return CXChildVisit_Continue;
}

const char *fe_flags_isa(scc_ctx *ctx, const char *const *args, int nargs,
                         bool *no_fma) {
  const char **targs =
      scc_arena_alloc(ctx->arena, sizeof *targs * (size_t)(nargs + 2));
  int n = 0;
  for (int i = 0; i < nargs; i++) {
    if (target_flag(args[i]))
      targs[n++] = args[i];
    else if (strcmp(args[i], "-target") == 0 && i + 1 < nargs) {
      targs[n++] = args[i];
      targs[n++] = args[++i];
    }
  }
  struct CXUnsavedFile f = {"schedcc-isa-probe.c", probe, sizeof probe - 1};
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  const char *isa = "scalar";
  if (clang_parseTranslationUnit2(index, f.Filename, targs, n, &f, 1,
                                  CXTranslationUnit_None,
                                  &tu) == CXError_Success &&
      tu) {
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_isa, &isa);
    clang_disposeTranslationUnit(tu);
  }
  clang_disposeIndex(index);
  bool nofma = strcmp(isa, "avx2 nofma") == 0;
  if (no_fma)
    *no_fma = nofma;
  return nofma ? "avx2" : isa;
}

/* Warnings that clang 19 makes errors by default in C (DefaultError) and
 * GCC 12 only warns about, or not at all without -Wall: a call to an
 * undeclared function (C99 dropped implicit declarations), a declaration
 * without a type (implicit int), an integer where a pointer goes and back
 * (int-conversion), a function pointer of another type, `return;` in a
 * non-void function or `return x;` in a void one (return-mismatch).
 * incompatible-pointer-types is a warning in both; it is listed because
 * GCC 14 and a later clang make it an error, and GCC 12 does not.  Found by
 * compiling one case of each with gcc 12 -std=gnu17 and clang-19 (both
 * with default flags). */
static const char *const gcc_compat[] = {
    "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=incompatible-pointer-types", "-Wno-error=return-mismatch",
    /* GCC-only warning flags (-Wlogical-op, -Wduplicated-cond) are the
     * wrapped compiler's business */
    "-Wno-unknown-warning-option", NULL};

const char *const *fe_gcc_compat_flags(void) { return gcc_compat; }
