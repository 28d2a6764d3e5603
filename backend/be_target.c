/* be_target.c — vector code for an instruction set that the compile flags
 * do not enable.
 *
 * The rule (docs/ways-in.md, "The instruction set"): a kernel whose vector
 * code uses a better ISA than the compile flags enable (scc_ctx.enabled_isa:
 * `isa = "avx512"` in the schedule, compiled with `-O3` and no -march) is
 * compiled for that ISA alone: the C backend puts
 * `__attribute__((target("avx512f,avx2,fma")))` on the function that holds
 * it (GCC manual, "x86 Function Attributes"; Clang's `target` attribute, the
 * same spelling), the LLVM backend adds the same features to the kernel's
 * "target-features"; the driver warns that the program then needs that CPU.
 * The intrinsics headers of GCC (since 4.9) and Clang define every
 * intrinsic whatever the flags, callable from such a function.
 */
#include "be.h"

#include <string.h>

/* Rank of the x86 vector ISAs: each includes the ones below (0: not x86). */
static int rank(ir_isa isa) {
  switch (isa) {
  case IR_ISA_SCALAR:
    return 1;
  case IR_ISA_SSE42:
    return 2;
  case IR_ISA_AVX2:
    return 3;
  case IR_ISA_AVX512:
    return 4;
  default:
    return 0;
  }
}

const char *be_isa_features(ir_isa isa) {
  switch (isa) {
  case IR_ISA_SSE42:
    return "sse4.2";
  case IR_ISA_AVX2:
    return "avx2,fma";
  case IR_ISA_AVX512:
    return "avx512f,avx2,fma";
  default:
    return NULL;
  }
}

const char *be_target_attr(const scc_ctx *ctx, const ir_kernel *k) {
  ir_isa enabled;
  if (!ctx->enabled_isa || !ir_isa_parse(ctx->enabled_isa, &enabled))
    return NULL;
  if (rank(k->isa) <= rank(enabled) || rank(enabled) == 0)
    return NULL;
  return be_isa_features(k->isa);
}
