/* be_llvm_int.h — internals of the LLVM backend shared by its files:
 *
 *   be_llvm.c       the driver: outlining plan, the rest of the translation
 *                   unit through clang-19, link, verify, optimize, emit
 *   be_llvm_gen.c   one kernel's IR as an LLVM function (LLVMBuild*)
 *   be_llvm_restrict.c  which arrays' declarations say `restrict`
 *
 * A kernel is outlined into `void __schedcc_kernel_<name>(args...)`; the
 * plan (be_kplan) lists its arguments in order.  The C text compiled by
 * clang passes them at the call that replaces the kernel's region, and
 * be_llvm_gen.c builds the function that receives them.
 */
#ifndef BE_LLVM_INT_H
#define BE_LLVM_INT_H

#include "be.h"

#include <llvm-c/Core.h>

/* How one argument of an outlined kernel is passed. */
typedef enum be_arg_kind {
  BE_ARG_ARRAY, /* the array's base address: `(void *)A` -> ptr */
  BE_ARG_DIM,   /* extent `dim` (>= 1) of a variable-length array:
                   `(long long)(m)` -> i64 */
  BE_ARG_VALUE, /* a scalar the kernel only reads, by value (small integer
                   types promoted to int) */
  BE_ARG_REF,   /* a scalar the kernel writes, declared outside it: by
                   address `(void *)&x`; copied in at entry and out at exit */
} be_arg_kind;

typedef struct be_arg {
  be_arg_kind kind;
  const ir_array *array; /* ARRAY, DIM */
  int dim;               /* DIM */
  const ir_var *var;     /* VALUE, REF */
} be_arg;

/* The outlining plan of one kernel.  `decls` holds the scalar variables
 * declared by IR_NODE_DECL at the top level of a loop or scop kernel: they
 * stay visible after the region, so the C text declares them before the
 * call and passes them as BE_ARG_REF.  Vector variables (the accumulators
 * of vectorized reductions) and local arrays (ir_array.is_local, the
 * buffers of loop.pack) are created by transforms, so no code after the
 * region can name them: they live in the kernel function only (allocas),
 * and are not arguments. */
typedef struct be_kplan {
  const ir_kernel *k;
  const char *fname; /* "__schedcc_kernel_<name>" */
  int nargs;
  be_arg *args;
  scc_vec decls; /* const ir_var * */
} be_kplan;

/* The C data model of the target (sizes and signedness that the C
 * compiler would use). */
typedef struct be_ctypes {
  bool char_signed;
  unsigned long_bits;    /* 64 on LP64, 32 on LLP64 and ILP32 */
  unsigned ldouble_kind; /* 0: double, 1: x86_fp80, 2: fp128 */
  bool openmp;           /* -fopenmp is among the compile flags */
  /* -fno-builtin (every library function) and -fno-builtin-NAME (those
   * named, the compile flags' strings): calls of them are not the library
   * functions to LLVM (call-site `nobuiltin`, as clang marks them), so
   * it neither folds a call with a constant argument (gcc and LLVM fold
   * tanhf correctly rounded, glibc's may differ in the last bit) nor
   * replaces it */
  bool no_builtin;
  const char *const
      *flags; /* the compile flags (-fno-builtin-NAME among them) */
  int nflags;
} be_ctypes;

/* Builds the outlining plan of a kernel (arena allocations).  Returns false
 * after reporting an error for a kernel the backend cannot outline. */
bool be_llvm_plan(scc_ctx *ctx, const ir_kernel *k, be_kplan *out);

/* Builds the function `plan->fname` in `mod` (external linkage; the caller
 * makes it internal after linking) from the kernel's IR.  Float arithmetic
 * carries no fast-math flags except `reassoc` on horizontal reductions
 * (IR_EXPR_REDUCE); "fma"/"fmaf" calls become llvm.fma.  Returns false
 * after reporting an error (unsupported construct). */
bool be_llvm_gen_kernel(scc_ctx *ctx, LLVMModuleRef mod, const be_ctypes *ct,
                        const be_kplan *plan);

/* The C type of a by-value argument in the prototype: small integer types
 * are passed as int. */
ir_type be_llvm_value_arg_type(ir_type t);

/* True when the declaration of array `a` (at a->loc, the start of the
 * declaration as the frontend records it, in module m's file or a header)
 * makes its base pointer `restrict` (be_llvm_restrict.c). */
bool be_llvm_array_restrict(scc_ctx *ctx, const ir_array *a,
                            const ir_module *m);

#endif
