/* be_llvm_gen.c — one kernel's IR as an LLVM function, built with the LLVM
 * C API (LLVMBuild*).
 *
 * The function receives the arguments of its outlining plan (be_kplan).
 * Every scalar variable gets an alloca in the entry block (mem2reg/SROA
 * promote them); variables passed by address are copied in at entry and
 * copied out before the return, so the caller's variables hold what the C
 * path leaves in them (loop induction variables declared outside the
 * kernel included).
 *
 * Expressions follow C exactly as the C backend's text would be compiled:
 * the IR does not represent implicit conversions, so each expression's C
 * type is recomputed here from its operands the way a C compiler types the
 * printed text (integer promotions, usual arithmetic conversions, int
 * results of comparisons and `!`, `&&`/`||` and `?:` with short-circuit
 * branches, conversions on assignment, compound assignment computed in the
 * common type).  Signed integer arithmetic carries `nsw` (overflow is
 * undefined in C, as clang emits it); float arithmetic carries no
 * fast-math flags, so results are bit-identical to the C path compiled
 * with -ffp-contract=off.  The only flags: `reassoc` on horizontal
 * reductions (IR_EXPR_REDUCE, which a schedule created by asking to
 * reassociate), and "fma"/"fmaf" calls become llvm.fma (contraction asked
 * by a schedule).
 *
 * Loops: preheader (iv = lb), header (iv < ub, re-evaluated each
 * iteration as in C), body, latch (iv += step), exit: the shape clang
 * emits, which loop-rotate and the vectorizer expect.
 *
 * Arrays: A[i][j][k] is a GEP inbounds on the base pointer with the
 * linearized subscript ((i * d1 + j) * d2 + k) in i64 (subscripts
 * sign- or zero-extended by their C signedness); constant extents are
 * constants, variable-length ones come in as BE_ARG_DIM arguments.
 * Kernel-local arrays (loop.pack buffers) are 64-byte aligned allocas of
 * the function, as the C backend declares them at the kernel's start.
 *
 * Vector IR (lanes > 1) maps to LLVM vector types: contiguous accesses to
 * vector loads and stores (llvm.masked.load/store with a mask
 * `lane < m`), broadcasts to insertelement + shufflevector, lane-wise
 * operations to the same instructions on vectors, calls to vector
 * intrinsics or, for libm functions, one call per lane, and reductions to
 * llvm.vector.reduce.*.
 */
#include "be_llvm_int.h"

#include "../ir/ir_gemm.h"

#include <stdlib.h>
#include <string.h>

typedef struct cval {
  LLVMValueRef v;
  ir_type t;
  int lanes; /* <= 1: scalar */
} cval;

typedef struct gen {
  scc_ctx *ctx;
  const ir_kernel *k;
  const be_ctypes *ct;
  LLVMContextRef llc;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  LLVMBasicBlockRef entry;
  /* variables: var -> alloca */
  scc_vec vars;  /* const ir_var * */
  scc_vec slots; /* LLVMValueRef */
  /* arrays: array -> base pointer and extents (i64 values, dims 1..rank-1) */
  scc_vec arrays; /* const ir_array * */
  scc_vec bases;  /* LLVMValueRef */
  scc_vec dims;   /* LLVMValueRef * (rank entries, [0] unused) */
  bool failed;
  bool warned_parallel;
  bool streamed; /* a non-temporal store was generated: end with a fence */
  /* library calls (loop.to_library): `plain` while generating a marked
   * nest as loops (its fallback); the libxsmm kernels dispatched at entry
   * (keys: their dispatch arguments as C text; fns: the kernel pointers) */
  bool plain;
  scc_vec xsmm_fns; /* the dispatched kernels, by ir_libcall.xsmm_index */
} gen;

/* ---- the C type model ------------------------------------------------- */

static bool is_signed(const gen *g, ir_type t) {
  switch (t) {
  case IR_TY_CHAR:
    return g->ct->char_signed;
  case IR_TY_SCHAR:
  case IR_TY_SHORT:
  case IR_TY_INT:
  case IR_TY_LONG:
  case IR_TY_LLONG:
    return true;
  default:
    return false;
  }
}

static unsigned int_bits(const gen *g, ir_type t) {
  switch (t) {
  case IR_TY_BOOL:
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
  case IR_TY_UCHAR:
    return 8;
  case IR_TY_SHORT:
  case IR_TY_USHORT:
    return 16;
  case IR_TY_INT:
  case IR_TY_UINT:
    return 32;
  case IR_TY_LONG:
  case IR_TY_ULONG:
    return g->ct->long_bits;
  default:
    return 64;
  }
}

/* Conversion rank (C17 6.3.1.1): bool < char < short < int < long < llong. */
static int int_rank(ir_type t) {
  switch (t) {
  case IR_TY_BOOL:
    return 0;
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
  case IR_TY_UCHAR:
    return 1;
  case IR_TY_SHORT:
  case IR_TY_USHORT:
    return 2;
  case IR_TY_INT:
  case IR_TY_UINT:
    return 3;
  case IR_TY_LONG:
  case IR_TY_ULONG:
    return 4;
  default:
    return 5;
  }
}

static int fp_rank(ir_type t) {
  return t == IR_TY_FLOAT ? 1 : t == IR_TY_DOUBLE ? 2 : 3;
}

static ir_type to_unsigned(ir_type t) {
  switch (t) {
  case IR_TY_INT:
    return IR_TY_UINT;
  case IR_TY_LONG:
    return IR_TY_ULONG;
  case IR_TY_LLONG:
    return IR_TY_ULLONG;
  default:
    return t;
  }
}

/* Integer promotion: every type of rank below int becomes int (int is 32
 * bits wide, so it holds every value of the smaller types). */
static ir_type promote(ir_type t) {
  return ir_type_is_integer(t) && int_rank(t) < 3 ? IR_TY_INT : t;
}

/* The usual arithmetic conversions (C17 6.3.1.8). */
static ir_type usual(const gen *g, ir_type a, ir_type b) {
  if (ir_type_is_float(a) || ir_type_is_float(b)) {
    if (!ir_type_is_float(a))
      return b;
    if (!ir_type_is_float(b))
      return a;
    return fp_rank(a) >= fp_rank(b) ? a : b;
  }
  a = promote(a);
  b = promote(b);
  if (a == b)
    return a;
  bool sa = is_signed(g, a), sb = is_signed(g, b);
  if (sa == sb)
    return int_rank(a) >= int_rank(b) ? a : b;
  ir_type s = sa ? a : b, u = sa ? b : a;
  if (int_rank(u) >= int_rank(s))
    return u;
  if (int_bits(g, s) > int_bits(g, u))
    return s;
  return to_unsigned(s);
}

static LLVMTypeRef scalar_type(const gen *g, ir_type t) {
  switch (t) {
  case IR_TY_FLOAT:
    return LLVMFloatTypeInContext(g->llc);
  case IR_TY_DOUBLE:
    return LLVMDoubleTypeInContext(g->llc);
  case IR_TY_LDOUBLE:
    return g->ct->ldouble_kind == 1   ? LLVMX86FP80TypeInContext(g->llc)
           : g->ct->ldouble_kind == 2 ? LLVMFP128TypeInContext(g->llc)
                                      : LLVMDoubleTypeInContext(g->llc);
  case IR_TY_VOID:
    return LLVMVoidTypeInContext(g->llc);
  default:
    return LLVMIntTypeInContext(g->llc, int_bits(g, t));
  }
}

static LLVMTypeRef val_type(const gen *g, ir_type t, int lanes) {
  LLVMTypeRef s = scalar_type(g, t);
  return lanes > 1 ? LLVMVectorType(s, (unsigned)lanes) : s;
}

static LLVMTypeRef i64_type(const gen *g) {
  return LLVMInt64TypeInContext(g->llc);
}

static LLVMTypeRef i32_type(const gen *g) {
  return LLVMInt32TypeInContext(g->llc);
}

static LLVMTypeRef i1_type(const gen *g, int lanes) {
  LLVMTypeRef s = LLVMInt1TypeInContext(g->llc);
  return lanes > 1 ? LLVMVectorType(s, (unsigned)lanes) : s;
}

static unsigned type_bytes(const gen *g, ir_type t) {
  if (ir_type_is_float(t))
    return t == IR_TY_FLOAT      ? 4
           : t == IR_TY_DOUBLE   ? 8
           : g->ct->ldouble_kind ? 16
                                 : 8;
  return int_bits(g, t) / 8;
}

/* ---- errors ---------------------------------------------------------------
 */

static void fail(gen *g, scc_loc loc, const char *what) {
  if (!g->failed)
    scc_error(g->ctx, loc, "the LLVM backend does not support %s", what);
  g->failed = true;
}

/* ---- small builders -------------------------------------------------------
 */

static LLVMValueRef splat(gen *g, LLVMValueRef s, int lanes) {
  if (lanes <= 1)
    return s;
  LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(s), (unsigned)lanes);
  LLVMValueRef undef = LLVMGetPoison(vt);
  LLVMValueRef zero = LLVMConstInt(i32_type(g), 0, 0);
  LLVMValueRef v = LLVMBuildInsertElement(g->b, undef, s, zero, "");
  LLVMValueRef mask =
      LLVMConstNull(LLVMVectorType(i32_type(g), (unsigned)lanes));
  return LLVMBuildShuffleVector(g->b, v, undef, mask, "");
}

/* Makes x a vector of `lanes` lanes (broadcast) when it is a scalar. */
static cval widen(gen *g, cval x, int lanes) {
  if (lanes > 1 && x.lanes <= 1) {
    x.v = splat(g, x.v, lanes);
    x.lanes = lanes;
  }
  return x;
}

static LLVMValueRef zero_of(gen *g, ir_type t, int lanes) {
  return LLVMConstNull(val_type(g, t, lanes));
}

/* x != 0 as i1 (C's truth value). */
static LLVMValueRef truth(gen *g, cval x) {
  LLVMValueRef z = zero_of(g, x.t, x.lanes);
  if (ir_type_is_float(x.t))
    return LLVMBuildFCmp(g->b, LLVMRealUNE, x.v, z, "");
  return LLVMBuildICmp(g->b, LLVMIntNE, x.v, z, "");
}

/* C conversion of x to type `to` (C17 6.3.1). */
static cval convert(gen *g, cval x, ir_type to) {
  if (x.t == to)
    return x;
  LLVMTypeRef dt = val_type(g, to, x.lanes);
  cval r = {NULL, to, x.lanes};
  if (to == IR_TY_BOOL) {
    r.v = LLVMBuildZExt(g->b, truth(g, x), dt, "");
    return r;
  }
  bool fi = ir_type_is_float(x.t), fo = ir_type_is_float(to);
  if (!fi && !fo) {
    unsigned bi = int_bits(g, x.t), bo = int_bits(g, to);
    if (bi == bo)
      r.v = x.v;
    else if (bi > bo)
      r.v = LLVMBuildTrunc(g->b, x.v, dt, "");
    else if (is_signed(g, x.t))
      r.v = LLVMBuildSExt(g->b, x.v, dt, "");
    else
      r.v = LLVMBuildZExt(g->b, x.v, dt, "");
  } else if (!fi && fo) {
    r.v = is_signed(g, x.t) ? LLVMBuildSIToFP(g->b, x.v, dt, "")
                            : LLVMBuildUIToFP(g->b, x.v, dt, "");
  } else if (fi && !fo) {
    r.v = is_signed(g, to) ? LLVMBuildFPToSI(g->b, x.v, dt, "")
                           : LLVMBuildFPToUI(g->b, x.v, dt, "");
  } else {
    unsigned bi = type_bytes(g, x.t), bo = type_bytes(g, to);
    LLVMTypeRef si = scalar_type(g, x.t), so = scalar_type(g, to);
    if (si == so)
      r.v = x.v;
    else if (bi < bo || (bi == bo && fp_rank(x.t) < fp_rank(to)))
      r.v = LLVMBuildFPExt(g->b, x.v, dt, "");
    else
      r.v = LLVMBuildFPTrunc(g->b, x.v, dt, "");
  }
  return r;
}

/* i1 (or <L x i1>) to C's int 0/1. */
static cval bool_to_int(gen *g, LLVMValueRef c, int lanes) {
  cval r = {LLVMBuildZExt(g->b, c, val_type(g, IR_TY_INT, lanes), ""),
            IR_TY_INT, lanes};
  return r;
}

/* An alloca in the entry block. */
static LLVMValueRef entry_alloca(gen *g, LLVMTypeRef t, const char *name) {
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(g->llc);
  LLVMValueRef first = LLVMGetFirstInstruction(g->entry);
  if (first)
    LLVMPositionBuilderBefore(eb, first);
  else
    LLVMPositionBuilderAtEnd(eb, g->entry);
  LLVMValueRef a = LLVMBuildAlloca(eb, t, name);
  LLVMDisposeBuilder(eb);
  return a;
}

static LLVMBasicBlockRef new_block(gen *g, const char *name) {
  return LLVMAppendBasicBlockInContext(g->llc, g->fn, name);
}

/* ---- intrinsics and libm ---------------------------------------------- */

static LLVMValueRef call_intrinsic(gen *g, const char *name, LLVMTypeRef *over,
                                   size_t nover, LLVMValueRef *args,
                                   unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id) {
    fail(g, g->k->loc, name);
    return LLVMGetPoison(LLVMTypeOf(args[0]));
  }
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(g->mod, id, over, nover);
  LLVMTypeRef ft = LLVMIntrinsicGetType(g->llc, id, over, nover);
  return LLVMBuildCall2(g->b, ft, f, args, nargs, "");
}

/* ---- variables ---------------------------------------------------------- */

static LLVMValueRef var_slot(gen *g, const ir_var *v) {
  for (int i = 0; i < g->vars.len; i++)
    if (g->vars.items[i] == v)
      return g->slots.items[i];
  /* a variable first met here (internal: declared by the kernel) */
  LLVMValueRef a = entry_alloca(g, val_type(g, v->type, v->lanes), v->name);
  scc_vec_push(g->ctx->arena, &g->vars, (void *)v);
  scc_vec_push(g->ctx->arena, &g->slots, a);
  return a;
}

static void set_align(const gen *g, LLVMValueRef mem, ir_type t) {
  LLVMSetAlignment(mem, type_bytes(g, t));
}

/* ---- expressions -------------------------------------------------------- */

static cval gen_expr(gen *g, const ir_expr *e);
static LLVMValueRef elem_addr(gen *g, const ir_array *a, const ir_expr *off);

/* The address of an access's (first) element. */
static LLVMValueRef access_addr(gen *g, const ir_expr *e) {
  const ir_array *a = e->u.access.array;
  int ai = -1;
  for (int i = 0; i < g->arrays.len; i++)
    if (g->arrays.items[i] == a)
      ai = i;
  if (ai < 0) {
    fail(g, e->loc, "an array that is not in the kernel's array list");
    return LLVMConstNull(LLVMPointerTypeInContext(g->llc, 0));
  }
  LLVMValueRef *dims = g->dims.items[ai];
  LLVMValueRef lin = NULL;
  for (int d = 0; d < e->u.access.n; d++) {
    cval x = gen_expr(g, e->u.access.idx[d]);
    if (!ir_type_is_integer(x.t) || x.lanes > 1) {
      fail(g, e->loc, "a non-integer subscript");
      return LLVMConstNull(LLVMPointerTypeInContext(g->llc, 0));
    }
    LLVMValueRef xi = x.v;
    if (int_bits(g, x.t) < 64)
      xi = is_signed(g, x.t) ? LLVMBuildSExt(g->b, xi, i64_type(g), "")
                             : LLVMBuildZExt(g->b, xi, i64_type(g), "");
    if (!lin) {
      lin = xi;
    } else {
      LLVMValueRef m = LLVMBuildNSWMul(g->b, lin, dims[d], "");
      lin = LLVMBuildNSWAdd(g->b, m, xi, "");
    }
  }
  LLVMValueRef base = g->bases.items[ai];
  if (!lin)
    return base;
  return LLVMBuildInBoundsGEP2(g->b, scalar_type(g, a->elem), base, &lin, 1,
                               "");
}

/* Lanes 0..L-1 below m: the mask of a partial vector access. */
static LLVMValueRef lane_mask(gen *g, const ir_expr *mask, int lanes) {
  cval m = convert(g, gen_expr(g, mask), IR_TY_INT);
  LLVMValueRef *ks =
      scc_arena_alloc(g->ctx->arena, sizeof(LLVMValueRef) * (size_t)lanes);
  for (int i = 0; i < lanes; i++)
    ks[i] = LLVMConstInt(i32_type(g), (unsigned long long)i, 0);
  LLVMValueRef steps = LLVMConstVector(ks, (unsigned)lanes);
  return LLVMBuildICmp(g->b, LLVMIntSLT, steps, splat(g, m.v, lanes), "");
}

static LLVMTypeRef ptr_type(const gen *g) {
  return LLVMPointerTypeInContext(g->llc, 0);
}

/* Loads an lvalue (variable or access). */
static cval load_lvalue(gen *g, const ir_expr *e, LLVMValueRef addr) {
  int lanes = e->lanes > 1 ? e->lanes : 1;
  ir_type t = e->kind == IR_EXPR_VAR ? e->u.var->type : e->u.access.array->elem;
  if (e->kind == IR_EXPR_VAR)
    lanes = e->u.var->lanes > 1 ? e->u.var->lanes : 1;
  LLVMTypeRef ty = val_type(g, t, lanes);
  cval r = {NULL, t, lanes};
  if (e->kind == IR_EXPR_ACCESS && lanes > 1 && e->u.access.mask) {
    LLVMValueRef args[4] = {
        addr, LLVMConstInt(i32_type(g), type_bytes(g, t), 0),
        lane_mask(g, e->u.access.mask, lanes), LLVMConstNull(ty)};
    LLVMTypeRef over[2] = {ty, ptr_type(g)};
    r.v = call_intrinsic(g, "llvm.masked.load", over, 2, args, 4);
    return r;
  }
  r.v = LLVMBuildLoad2(g->b, ty, addr, "");
  set_align(g, r.v, t);
  if (e->kind == IR_EXPR_VAR && e->u.var->is_volatile)
    LLVMSetVolatile(r.v, 1);
  return r;
}

static void store_lvalue(gen *g, const ir_expr *e, LLVMValueRef addr, cval x) {
  ir_type t = x.t;
  if (e->kind == IR_EXPR_ACCESS && x.lanes > 1 && e->u.access.mask) {
    LLVMValueRef args[4] = {x.v, addr,
                            LLVMConstInt(i32_type(g), type_bytes(g, t), 0),
                            lane_mask(g, e->u.access.mask, x.lanes)};
    LLVMTypeRef over[2] = {LLVMTypeOf(x.v), ptr_type(g)};
    call_intrinsic(g, "llvm.masked.store", over, 2, args, 4);
    return;
  }
  if (e->kind == IR_EXPR_ACCESS && x.lanes > 1 && e->u.access.nontemporal) {
    /* if ((addr & (bytes - 1)) == 0) a store aligned to the vector with
     * !nontemporal (the backend's streaming store, which needs the
     * alignment) else an ordinary store */
    unsigned bytes = (unsigned)x.lanes * type_bytes(g, t);
    LLVMValueRef low =
        LLVMBuildAnd(g->b, LLVMBuildPtrToInt(g->b, addr, i64_type(g), ""),
                     LLVMConstInt(i64_type(g), bytes - 1, 0), "");
    LLVMValueRef aligned = LLVMBuildICmp(g->b, LLVMIntEQ, low,
                                         LLVMConstInt(i64_type(g), 0, 0), "");
    g->streamed = true;
    LLVMBasicBlockRef nt = new_block(g, "nt.store"),
                      plain = new_block(g, "store"),
                      end = new_block(g, "store.end");
    LLVMBuildCondBr(g->b, aligned, nt, plain);
    LLVMPositionBuilderAtEnd(g->b, nt);
    LLVMValueRef s = LLVMBuildStore(g->b, x.v, addr);
    LLVMSetAlignment(s, bytes);
    LLVMMetadataRef one = LLVMValueAsMetadata(LLVMConstInt(i32_type(g), 1, 0));
    LLVMSetMetadata(
        s, LLVMGetMDKindIDInContext(g->llc, "nontemporal", 11),
        LLVMMetadataAsValue(g->llc, LLVMMDNodeInContext2(g->llc, &one, 1)));
    LLVMBuildBr(g->b, end);
    LLVMPositionBuilderAtEnd(g->b, plain);
    s = LLVMBuildStore(g->b, x.v, addr);
    set_align(g, s, t);
    LLVMBuildBr(g->b, end);
    LLVMPositionBuilderAtEnd(g->b, end);
    return;
  }
  LLVMValueRef s = LLVMBuildStore(g->b, x.v, addr);
  set_align(g, s, t);
  if (e->kind == IR_EXPR_VAR && e->u.var->is_volatile)
    LLVMSetVolatile(s, 1);
}

static LLVMValueRef lvalue_addr(gen *g, const ir_expr *e) {
  if (e->kind == IR_EXPR_VAR)
    return var_slot(g, e->u.var);
  return access_addr(g, e);
}

static cval gen_fp_literal(gen *g, const ir_expr *e) {
  LLVMTypeRef ty = scalar_type(g, e->type);
  cval r = {NULL, e->type, 1};
  const char *sp = e->u.fp.spelling;
  if (sp) {
    /* the spelling read in the literal's own type (no double rounding) */
    size_t n = strlen(sp);
    while (n > 0 && strchr("fFlL", sp[n - 1]))
      n--;
    r.v = LLVMConstRealOfStringAndSize(ty, sp, (unsigned)n);
  } else {
    r.v = LLVMConstReal(ty, e->u.fp.val);
  }
  return r;
}

/* Binary arithmetic on two values already converted to type t. */
static LLVMValueRef arith(gen *g, ir_op op, ir_type t, LLVMValueRef a,
                          LLVMValueRef b, scc_loc loc) {
  if (ir_type_is_float(t)) {
    switch (op) {
    case IR_OP_ADD:
      return LLVMBuildFAdd(g->b, a, b, "");
    case IR_OP_SUB:
      return LLVMBuildFSub(g->b, a, b, "");
    case IR_OP_MUL:
      return LLVMBuildFMul(g->b, a, b, "");
    case IR_OP_DIV:
      return LLVMBuildFDiv(g->b, a, b, "");
    default:
      fail(g, loc, "this operator on floating-point operands");
      return a;
    }
  }
  bool s = is_signed(g, t);
  switch (op) {
  case IR_OP_ADD:
    return s ? LLVMBuildNSWAdd(g->b, a, b, "") : LLVMBuildAdd(g->b, a, b, "");
  case IR_OP_SUB:
    return s ? LLVMBuildNSWSub(g->b, a, b, "") : LLVMBuildSub(g->b, a, b, "");
  case IR_OP_MUL:
    return s ? LLVMBuildNSWMul(g->b, a, b, "") : LLVMBuildMul(g->b, a, b, "");
  case IR_OP_DIV:
    return s ? LLVMBuildSDiv(g->b, a, b, "") : LLVMBuildUDiv(g->b, a, b, "");
  case IR_OP_MOD:
    return s ? LLVMBuildSRem(g->b, a, b, "") : LLVMBuildURem(g->b, a, b, "");
  case IR_OP_SHL:
    return LLVMBuildShl(g->b, a, b, "");
  case IR_OP_SHR:
    return s ? LLVMBuildAShr(g->b, a, b, "") : LLVMBuildLShr(g->b, a, b, "");
  case IR_OP_BAND:
    return LLVMBuildAnd(g->b, a, b, "");
  case IR_OP_BOR:
    return LLVMBuildOr(g->b, a, b, "");
  case IR_OP_BXOR:
    return LLVMBuildXor(g->b, a, b, "");
  default:
    fail(g, loc, "this operator");
    return a;
  }
}

static LLVMValueRef compare(gen *g, ir_op op, ir_type t, LLVMValueRef a,
                            LLVMValueRef b) {
  if (ir_type_is_float(t)) {
    LLVMRealPredicate p = op == IR_OP_LT   ? LLVMRealOLT
                          : op == IR_OP_LE ? LLVMRealOLE
                          : op == IR_OP_GT ? LLVMRealOGT
                          : op == IR_OP_GE ? LLVMRealOGE
                          : op == IR_OP_EQ ? LLVMRealOEQ
                                           : LLVMRealUNE;
    return LLVMBuildFCmp(g->b, p, a, b, "");
  }
  bool s = is_signed(g, t);
  LLVMIntPredicate p = op == IR_OP_LT   ? (s ? LLVMIntSLT : LLVMIntULT)
                       : op == IR_OP_LE ? (s ? LLVMIntSLE : LLVMIntULE)
                       : op == IR_OP_GT ? (s ? LLVMIntSGT : LLVMIntUGT)
                       : op == IR_OP_GE ? (s ? LLVMIntSGE : LLVMIntUGE)
                       : op == IR_OP_EQ ? LLVMIntEQ
                                        : LLVMIntNE;
  return LLVMBuildICmp(g->b, p, a, b, "");
}

/* a op b for two typed values: the usual arithmetic conversions, then the
 * operation; min/max/floordiv/ceildiv as the C backend spells them. */
static cval binary_values(gen *g, ir_op op, cval a, cval b, scc_loc loc) {
  int lanes = a.lanes > b.lanes ? a.lanes : b.lanes;
  a = widen(g, a, lanes);
  b = widen(g, b, lanes);
  /* shifts: the type of the promoted left operand (C17 6.5.7p3) */
  ir_type t =
      op == IR_OP_SHL || op == IR_OP_SHR ? promote(a.t) : usual(g, a.t, b.t);
  a = convert(g, a, t);
  b = convert(g, b, t);
  cval r = {NULL, t, lanes};
  switch (op) {
  case IR_OP_LT:
  case IR_OP_LE:
  case IR_OP_GT:
  case IR_OP_GE:
  case IR_OP_EQ:
  case IR_OP_NE:
    return bool_to_int(g, compare(g, op, t, a.v, b.v), lanes);
  case IR_OP_MIN:
  case IR_OP_MAX: {
    /* (a < b ? a : b), (a > b ? a : b) */
    LLVMValueRef c =
        compare(g, op == IR_OP_MIN ? IR_OP_LT : IR_OP_GT, t, a.v, b.v);
    r.v = LLVMBuildSelect(g->b, c, a.v, b.v, "");
    return r;
  }
  case IR_OP_FLOORDIV:
  case IR_OP_CEILDIV: {
    if (ir_type_is_float(t)) {
      fail(g, loc, "floordiv/ceildiv of floating-point operands");
      return a;
    }
    bool fl = op == IR_OP_FLOORDIV;
    LLVMValueRef one = LLVMConstInt(val_type(g, t, lanes), 1, 0);
    LLVMValueRef bm1 = LLVMBuildSub(g->b, b.v, one, "");
    if (!is_signed(g, t)) { /* a / c, (a + (c - 1)) / c */
      LLVMValueRef n = fl ? a.v : LLVMBuildAdd(g->b, a.v, bm1, "");
      r.v = LLVMBuildUDiv(g->b, n, b.v, "");
      return r;
    }
    /* floordiv: (a < 0 ? (a - (c - 1)) / c : a / c)
     * ceildiv:  (a > 0 ? (a + (c - 1)) / c : a / c) */
    LLVMValueRef z = zero_of(g, t, lanes);
    LLVMValueRef c =
        LLVMBuildICmp(g->b, fl ? LLVMIntSLT : LLVMIntSGT, a.v, z, "");
    LLVMValueRef n = fl ? LLVMBuildNSWSub(g->b, a.v, bm1, "")
                        : LLVMBuildNSWAdd(g->b, a.v, bm1, "");
    LLVMValueRef q1 = LLVMBuildSDiv(g->b, n, b.v, "");
    LLVMValueRef q2 = LLVMBuildSDiv(g->b, a.v, b.v, "");
    r.v = LLVMBuildSelect(g->b, c, q1, q2, "");
    return r;
  }
  default:
    r.v = arith(g, op, t, a.v, b.v, loc);
    return r;
  }
}

/* && and || with short-circuit evaluation (scalars); lane-wise for
 * vectors. */
static cval gen_logical(gen *g, const ir_expr *e) {
  bool land = e->u.bin.op == IR_OP_LAND;
  if (e->lanes > 1) {
    cval a = gen_expr(g, e->u.bin.a), b = gen_expr(g, e->u.bin.b);
    a = widen(g, a, e->lanes);
    b = widen(g, b, e->lanes);
    LLVMValueRef x = truth(g, a), y = truth(g, b);
    return bool_to_int(
        g, land ? LLVMBuildAnd(g->b, x, y, "") : LLVMBuildOr(g->b, x, y, ""),
        e->lanes);
  }
  cval a = gen_expr(g, e->u.bin.a);
  LLVMValueRef ca = truth(g, a);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef rhs = new_block(g, land ? "land.rhs" : "lor.rhs");
  LLVMBasicBlockRef end = new_block(g, land ? "land.end" : "lor.end");
  if (land)
    LLVMBuildCondBr(g->b, ca, rhs, end);
  else
    LLVMBuildCondBr(g->b, ca, end, rhs);
  LLVMPositionBuilderAtEnd(g->b, rhs);
  cval b = gen_expr(g, e->u.bin.b);
  LLVMValueRef cb = truth(g, b);
  LLVMBasicBlockRef rhs_end = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, end);
  LLVMPositionBuilderAtEnd(g->b, end);
  LLVMValueRef phi = LLVMBuildPhi(g->b, i1_type(g, 1), "");
  LLVMValueRef vals[2] = {LLVMConstInt(i1_type(g, 1), land ? 0 : 1, 0), cb};
  LLVMBasicBlockRef blocks[2] = {from, rhs_end};
  LLVMAddIncoming(phi, vals, blocks, 2);
  return bool_to_int(g, phi, 1);
}

/* c ? a : b, evaluating only the chosen operand (scalars), lane-wise
 * select for vectors. */
static cval gen_select(gen *g, const ir_expr *e) {
  if (e->lanes > 1) {
    cval c = widen(g, gen_expr(g, e->u.sel.cond), e->lanes);
    cval a = widen(g, gen_expr(g, e->u.sel.a), e->lanes);
    cval b = widen(g, gen_expr(g, e->u.sel.b), e->lanes);
    ir_type t = usual(g, a.t, b.t);
    a = convert(g, a, t);
    b = convert(g, b, t);
    cval r = {LLVMBuildSelect(g->b, truth(g, c), a.v, b.v, ""), t, e->lanes};
    return r;
  }
  cval c = gen_expr(g, e->u.sel.cond);
  LLVMValueRef cc = truth(g, c);
  LLVMBasicBlockRef bt = new_block(g, "cond.true");
  LLVMBasicBlockRef bf = new_block(g, "cond.false");
  LLVMBasicBlockRef end = new_block(g, "cond.end");
  LLVMBuildCondBr(g->b, cc, bt, bf);
  /* the result type depends on both operands: generate each, then convert
   * at the end of its block */
  LLVMPositionBuilderAtEnd(g->b, bt);
  cval a = gen_expr(g, e->u.sel.a);
  LLVMBasicBlockRef at = LLVMGetInsertBlock(g->b);
  LLVMPositionBuilderAtEnd(g->b, bf);
  cval b = gen_expr(g, e->u.sel.b);
  LLVMBasicBlockRef af = LLVMGetInsertBlock(g->b);
  ir_type t = usual(g, a.t, b.t);
  LLVMPositionBuilderAtEnd(g->b, at);
  a = convert(g, a, t);
  LLVMBuildBr(g->b, end);
  LLVMPositionBuilderAtEnd(g->b, af);
  b = convert(g, b, t);
  LLVMBuildBr(g->b, end);
  LLVMPositionBuilderAtEnd(g->b, end);
  LLVMValueRef phi = LLVMBuildPhi(g->b, scalar_type(g, t), "");
  LLVMValueRef vals[2] = {a.v, b.v};
  LLVMBasicBlockRef blocks[2] = {at, af};
  LLVMAddIncoming(phi, vals, blocks, 2);
  cval r = {phi, t, 1};
  return r;
}

/* <math.h> functions: arity, the intrinsic that computes exactly the same
 * value (NULL: call libm). */
typedef struct math_fn {
  const char *name;
  int nargs;
  const char *intrinsic;
} math_fn;

static const math_fn math_fns[] = {{"sqrt", 1, "llvm.sqrt"},
                                   {"fabs", 1, "llvm.fabs"},
                                   {"floor", 1, "llvm.floor"},
                                   {"ceil", 1, "llvm.ceil"},
                                   {"trunc", 1, "llvm.trunc"},
                                   {"round", 1, "llvm.round"},
                                   {"copysign", 2, "llvm.copysign"},
                                   {"fma", 3, "llvm.fma"},
                                   {"exp", 1, NULL},
                                   {"log", 1, NULL},
                                   {"pow", 2, NULL},
                                   {"fmax", 2, NULL},
                                   {"fmin", 2, NULL},
                                   {"sin", 1, NULL},
                                   {"cos", 1, NULL},
                                   {"tan", 1, NULL},
                                   {"tanh", 1, NULL},
                                   {"exp2", 1, NULL},
                                   {"log2", 1, NULL},
                                   {"log10", 1, NULL},
                                   {"cbrt", 1, NULL},
                                   {"hypot", 2, NULL},
                                   {"atan", 1, NULL},
                                   {"atan2", 2, NULL},
                                   {"erf", 1, NULL},
                                   {"fmod", 2, NULL},
                                   {"asin", 1, NULL},
                                   {"acos", 1, NULL},
                                   {"sinh", 1, NULL},
                                   {"cosh", 1, NULL},
                                   {"expm1", 1, NULL},
                                   {"log1p", 1, NULL},
                                   {"erfc", 1, NULL},
                                   {"asinh", 1, NULL},
                                   {"acosh", 1, NULL},
                                   {"atanh", 1, NULL},
                                   {"fdim", 2, NULL},
                                   {"rint", 1, "llvm.rint"},
                                   {NULL, 0, NULL}};

/* The entry of a math function name ("sqrtf" -> sqrt with *t = float). */
static const math_fn *find_math_fn(const char *name, ir_type *t) {
  size_t len = strlen(name);
  for (const math_fn *f = math_fns; f->name; f++) {
    size_t l = strlen(f->name);
    if (strncmp(name, f->name, l) != 0)
      continue;
    if (len == l) {
      *t = IR_TY_DOUBLE;
      return f;
    }
    if (len == l + 1 && (name[l] == 'f' || name[l] == 'l')) {
      *t = name[l] == 'f' ? IR_TY_FLOAT : IR_TY_LDOUBLE;
      return f;
    }
  }
  return NULL;
}

/* A call of the libm function `name` on scalar arguments of type t. */
static LLVMValueRef libm_call(gen *g, const char *name, ir_type t,
                              LLVMValueRef *args, int n) {
  LLVMTypeRef st = scalar_type(g, t);
  LLVMTypeRef ps[3] = {st, st, st};
  LLVMTypeRef ft = LLVMFunctionType(st, ps, (unsigned)n, 0);
  LLVMValueRef f = LLVMGetNamedFunction(g->mod, name);
  if (!f) {
    f = LLVMAddFunction(g->mod, name, ft);
    unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(g->llc, nounwind, 0));
  }
  LLVMValueRef call = LLVMBuildCall2(g->b, ft, f, args, (unsigned)n, "");
  bool nob = g->ct->no_builtin;
  for (int i = 0; i < g->ct->nflags && !nob; i++)
    nob = strncmp(g->ct->flags[i], "-fno-builtin-", 13) == 0 &&
          strcmp(g->ct->flags[i] + 13, name) == 0;
  if (nob) { /* -fno-builtin(-name): not the library function to LLVM */
    unsigned kind = LLVMGetEnumAttributeKindForName("nobuiltin", 9);
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                             LLVMCreateEnumAttribute(g->llc, kind, 0));
  }
  return call;
}

static cval gen_call(gen *g, const ir_expr *e) {
  ir_type t;
  const math_fn *f = find_math_fn(e->u.call.fn, &t);
  if (!f || f->nargs != e->u.call.n) {
    fail(g, e->loc,
         scc_arena_printf(g->ctx->arena, "a call to '%s'", e->u.call.fn));
    return (cval){LLVMGetPoison(scalar_type(g, e->type)), e->type, 1};
  }
  int lanes = e->lanes > 1 ? e->lanes : 1;
  LLVMValueRef args[3];
  for (int i = 0; i < f->nargs; i++) {
    cval a = gen_expr(g, e->u.call.args[i]);
    a = convert(g, widen(g, a, lanes), t);
    args[i] = a.v;
  }
  cval r = {NULL, t, lanes};
  LLVMTypeRef vt = val_type(g, t, lanes);
  if (f->intrinsic) {
    r.v = call_intrinsic(g, f->intrinsic, &vt, 1, args, (unsigned)f->nargs);
    return r;
  }
  if (lanes <= 1) {
    r.v = libm_call(g, e->u.call.fn, t, args, f->nargs);
    return r;
  }
  /* one libm call per lane */
  LLVMValueRef v = LLVMGetPoison(vt);
  for (int l = 0; l < lanes; l++) {
    LLVMValueRef idx = LLVMConstInt(i32_type(g), (unsigned long long)l, 0);
    LLVMValueRef s[3];
    for (int i = 0; i < f->nargs; i++)
      s[i] = LLVMBuildExtractElement(g->b, args[i], idx, "");
    LLVMValueRef x = libm_call(g, e->u.call.fn, t, s, f->nargs);
    v = LLVMBuildInsertElement(g->b, v, x, idx, "");
  }
  r.v = v;
  return r;
}

static cval gen_reduce(gen *g, const ir_expr *e) {
  cval a = gen_expr(g, e->u.un.a);
  if (a.lanes <= 1)
    return a; /* a reduction over one lane */
  LLVMTypeRef vt = LLVMTypeOf(a.v);
  cval r = {NULL, a.t, 1};
  ir_op op = e->u.un.op;
  if (ir_type_is_float(a.t)) {
    if (op == IR_OP_ADD || op == IR_OP_MUL) {
      LLVMValueRef args[2] = {
          LLVMConstReal(scalar_type(g, a.t), op == IR_OP_ADD ? -0.0 : 1.0),
          a.v};
      r.v = call_intrinsic(g,
                           op == IR_OP_ADD ? "llvm.vector.reduce.fadd"
                                           : "llvm.vector.reduce.fmul",
                           &vt, 1, args, 2);
      /* the schedule asked to reassociate this reduction */
      if (LLVMIsACallInst(r.v))
        LLVMSetFastMathFlags(r.v, LLVMFastMathAllowReassoc);
    } else {
      r.v = call_intrinsic(g,
                           op == IR_OP_MIN ? "llvm.vector.reduce.fmin"
                                           : "llvm.vector.reduce.fmax",
                           &vt, 1, &a.v, 1);
    }
    return r;
  }
  bool s = is_signed(g, a.t);
  const char *name =
      op == IR_OP_ADD   ? "llvm.vector.reduce.add"
      : op == IR_OP_MUL ? "llvm.vector.reduce.mul"
      : op == IR_OP_MIN
          ? (s ? "llvm.vector.reduce.smin" : "llvm.vector.reduce.umin")
          : (s ? "llvm.vector.reduce.smax" : "llvm.vector.reduce.umax");
  r.v = call_intrinsic(g, name, &vt, 1, &a.v, 1);
  return r;
}

static cval gen_expr(gen *g, const ir_expr *e) {
  cval r = {NULL, e->type, 1};
  switch (e->kind) {
  case IR_EXPR_INT:
    r.v =
        LLVMConstInt(scalar_type(g, e->type), (unsigned long long)e->u.ival, 1);
    return r;
  case IR_EXPR_FP:
    return gen_fp_literal(g, e);
  case IR_EXPR_VAR:
  case IR_EXPR_ACCESS:
    return load_lvalue(g, e, lvalue_addr(g, e));
  case IR_EXPR_UNARY: {
    cval a = gen_expr(g, e->u.un.a);
    if (e->u.un.op == IR_OP_NOT) {
      LLVMValueRef z = zero_of(g, a.t, a.lanes);
      LLVMValueRef c = ir_type_is_float(a.t)
                           ? LLVMBuildFCmp(g->b, LLVMRealOEQ, a.v, z, "")
                           : LLVMBuildICmp(g->b, LLVMIntEQ, a.v, z, "");
      return bool_to_int(g, c, a.lanes);
    }
    a = convert(g, a, promote(a.t));
    r.t = a.t;
    r.lanes = a.lanes;
    if (ir_type_is_float(a.t))
      r.v = LLVMBuildFNeg(g->b, a.v, "");
    else if (is_signed(g, a.t))
      r.v = LLVMBuildNSWSub(g->b, zero_of(g, a.t, a.lanes), a.v, "");
    else
      r.v = LLVMBuildNeg(g->b, a.v, "");
    return r;
  }
  case IR_EXPR_BINARY:
    if (e->u.bin.op == IR_OP_LAND || e->u.bin.op == IR_OP_LOR)
      return gen_logical(g, e);
    {
      cval a = gen_expr(g, e->u.bin.a);
      cval b = gen_expr(g, e->u.bin.b);
      ir_op op = e->u.bin.op;
      /* an operation the IR types wider than its operands' conversions (a
       * bound widened to long long over ints): computed at the node's
       * type, as the C backend's cast of the left operand does */
      if ((op == IR_OP_ADD || op == IR_OP_SUB || op == IR_OP_MUL ||
           op == IR_OP_DIV || op == IR_OP_MOD) &&
          a.lanes == 1 && b.lanes == 1 && ir_type_is_integer(e->type) &&
          ir_type_is_integer(a.t) && ir_type_is_integer(b.t)) {
        unsigned w = LLVMGetIntTypeWidth(scalar_type(g, e->type));
        ir_type u = usual(g, a.t, b.t);
        if (w > LLVMGetIntTypeWidth(scalar_type(g, u)))
          a = convert(g, a, e->type);
      }
      return binary_values(g, op, a, b, e->loc);
    }
  case IR_EXPR_SELECT:
    return gen_select(g, e);
  case IR_EXPR_CAST:
    return convert(g, gen_expr(g, e->u.cast.a), e->u.cast.to);
  case IR_EXPR_CALL:
    return gen_call(g, e);
  case IR_EXPR_BROADCAST: {
    cval a = gen_expr(g, e->u.un.a);
    return widen(g, a, e->lanes > 1 ? e->lanes : 1);
  }
  case IR_EXPR_REDUCE:
    return gen_reduce(g, e);
  case IR_EXPR_SHUFFLE: { /* one shufflevector with the constant mask */
    cval a = gen_expr(g, e->u.shuf.a);
    bool a_only = true; /* a reversal: b, unused, is not evaluated */
    for (int l = 0; l < e->lanes; l++)
      a_only = a_only && e->u.shuf.mask[l] < e->lanes;
    cval b = a_only ? a : gen_expr(g, e->u.shuf.b);
    LLVMValueRef m[64];
    int L = e->lanes > 64 ? 64 : e->lanes;
    for (int l = 0; l < L; l++)
      m[l] =
          LLVMConstInt(i32_type(g), (unsigned long long)e->u.shuf.mask[l], 0);
    r.v = LLVMBuildShuffleVector(g->b, a.v, b.v,
                                 LLVMConstVector(m, (unsigned)L), "");
    r.lanes = L;
    return r;
  }
  case IR_EXPR_ELEM_ADDR: /* i64: unsigned long on the LP64 targets */
    r.v = elem_addr(g, e->u.addr.array, e->u.addr.off);
    return r;
  case IR_EXPR_ALIGN_GAP: { /* ((-addr) & (bytes - 1)) >> log2(size) */
    LLVMValueRef addr = access_addr(g, e->u.gap.a);
    LLVMValueRef x = LLVMBuildPtrToInt(g->b, addr, i64_type(g), "");
    x = LLVMBuildNeg(g->b, x, "");
    x = LLVMBuildAnd(
        g->b, x,
        LLVMConstInt(i64_type(g), (unsigned long long)e->u.gap.bytes - 1, 0),
        "");
    x = LLVMBuildUDiv(
        g->b, x,
        LLVMConstInt(i64_type(g),
                     (unsigned long long)type_bytes(g, e->u.gap.a->type), 0),
        "");
    r.v = LLVMBuildTrunc(g->b, x, scalar_type(g, IR_TY_INT), "");
    r.t = IR_TY_INT;
    return r;
  }
  }
  fail(g, e->loc, "this expression");
  r.v = LLVMGetPoison(scalar_type(g, e->type));
  return r;
}

/* ---- statements -----------------------------------------------------------
 */

static void gen_block(gen *g, const ir_block *b);

static void gen_assign(gen *g, const ir_node *n) {
  const ir_assign *a = &n->u.assign;
  const ir_expr *lhs = a->lhs;
  if (lhs->kind != IR_EXPR_VAR && lhs->kind != IR_EXPR_ACCESS) {
    fail(g, n->loc, "an assignment to this expression");
    return;
  }
  LLVMValueRef addr = lvalue_addr(g, lhs);
  ir_type lt =
      lhs->kind == IR_EXPR_VAR ? lhs->u.var->type : lhs->u.access.array->elem;
  int lanes = lhs->kind == IR_EXPR_VAR ? lhs->u.var->lanes : lhs->lanes;
  if (lanes < 1)
    lanes = 1;
  cval x;
  if (a->op == IR_OP_NONE) {
    x = gen_expr(g, a->rhs);
  } else {
    cval old = load_lvalue(g, lhs, addr);
    cval rhs = gen_expr(g, a->rhs);
    x = binary_values(g, a->op, old, rhs, n->loc);
  }
  x = convert(g, widen(g, x, lanes), lt);
  if (x.lanes != lanes) {
    fail(g, n->loc, "a vector assigned to a scalar");
    return;
  }
  store_lvalue(g, lhs, addr, x);
}

/* ---- library calls (loop.to_library; ir/ir_gemm.h) ----------------------
 * The same calls as the C backend's (be_c.c): cblas_?gemm with
 * CblasRowMajor (101), CblasNoTrans (111) / CblasTrans (112), int sizes;
 * libxsmm_?mmdispatch once at kernel entry (libxsmm_blasint is int in
 * Debian's LP64 build) and a call of the kernel, a variadic
 * `void (*)(const T *a, const T *b, T *c, ...)`, column-major: (B, A, C).
 * Run-time conditions and a NULL kernel run the loops instead. */

static LLVMValueRef extern_fn(gen *g, const char *name, LLVMTypeRef ft) {
  LLVMValueRef f = LLVMGetNamedFunction(g->mod, name);
  if (!f)
    f = LLVMAddFunction(g->mod, name, ft);
  return f;
}

static LLVMValueRef i32_of(gen *g, const ir_expr *e) {
  return convert(g, gen_expr(g, e), IR_TY_INT).v;
}

/* Dispatches the libxsmm kernels of the kernel's calls (the lowering's
 * ir_kernel.xsmm_dispatch) at kernel entry, into g->xsmm_fns by index. */
static void gen_xsmm_dispatch(gen *g, const ir_kernel *k) {
  for (int x = 0; x < k->xsmm_dispatch.len && !g->failed; x++) {
    const ir_gemm *m = ((const ir_libcall *)k->xsmm_dispatch.items[x])->gemm;
    bool d = m->type == IR_TY_DOUBLE;
    LLVMTypeRef i32 = i32_type(g), pt = ptr_type(g);
    LLVMTypeRef ps[10] = {i32, i32, i32, pt, pt, pt, pt, pt, pt, pt};
    LLVMTypeRef ft = LLVMFunctionType(pt, ps, 10, 0);
    LLVMValueRef f =
        extern_fn(g, d ? "libxsmm_dmmdispatch" : "libxsmm_smmdispatch", ft);
    const ir_expr *lds[3] = {m->ldb, m->lda, m->ldc};
    LLVMValueRef args[10];
    args[0] = i32_of(g, m->n);
    args[1] = i32_of(g, m->m);
    args[2] = i32_of(g, m->k);
    for (int i = 0; i < 3; i++) {
      args[3 + i] = entry_alloca(g, i32, "ld");
      LLVMBuildStore(g->b, i32_of(g, lds[i]), args[3 + i]);
    }
    LLVMTypeRef st = scalar_type(g, m->type);
    for (int i = 0; i < 2; i++) {
      args[6 + i] = entry_alloca(g, st, i ? "beta" : "alpha");
      LLVMBuildStore(g->b, LLVMConstReal(st, 1.0), args[6 + i]);
    }
    args[8] = args[9] = LLVMConstNull(pt);
    LLVMValueRef kfn = LLVMBuildCall2(g->b, ft, f, args, 10, "xsmm_kernel");
    scc_vec_push(g->ctx->arena, &g->xsmm_fns, kfn);
  }
}

static void gen_loop(gen *g, const ir_node *n);

/* The library call of a marked loop (the lowering's ir_loop.call); false
 * when it is to be generated as loops. */
static bool gen_library(gen *g, const ir_node *n) {
  const ir_loop *l = &n->u.loop;
  const ir_libcall *call = l->call;
  if (!call || g->plain)
    return false;
  const ir_gemm m = *call->gemm;
  bool xsmm = call->xsmm_index >= 0, d = m.type == IR_TY_DOUBLE;
  LLVMValueRef kfn = NULL;
  if (xsmm) {
    if (call->xsmm_index >= g->xsmm_fns.len)
      return false;
    kfn = g->xsmm_fns.items[call->xsmm_index];
  }
  LLVMValueRef cond = call->guard ? truth(g, gen_expr(g, call->guard)) : NULL;
  if (kfn) {
    LLVMValueRef c =
        LLVMBuildICmp(g->b, LLVMIntNE, kfn, LLVMConstNull(ptr_type(g)), "");
    cond = cond ? LLVMBuildAnd(g->b, c, cond, "") : c;
  }
  LLVMBasicBlockRef bcall = NULL, bloops = NULL, end = NULL;
  if (cond) {
    bcall = new_block(g, "lib.call");
    bloops = new_block(g, "lib.loops");
    end = new_block(g, "lib.end");
    LLVMBuildCondBr(g->b, cond, bcall, bloops);
    LLVMPositionBuilderAtEnd(g->b, bcall);
  }
  LLVMTypeRef pt = ptr_type(g), i32 = i32_type(g);
  LLVMTypeRef st = scalar_type(g, m.type);
  if (xsmm) {
    LLVMTypeRef ps[3] = {pt, pt, pt};
    LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(g->llc), ps, 3, 1);
    LLVMValueRef args[3] = {access_addr(g, m.b), access_addr(g, m.a),
                            access_addr(g, m.c)};
    LLVMBuildCall2(g->b, ft, kfn, args, 3, "");
  } else {
    LLVMTypeRef fps[14] = {i32, i32, i32, i32, i32, i32, st,
                           pt,  i32, pt,  i32, st,  pt,  i32};
    LLVMTypeRef ft =
        LLVMFunctionType(LLVMVoidTypeInContext(g->llc), fps, 14, 0);
    LLVMValueRef f = extern_fn(g, d ? "cblas_dgemm" : "cblas_sgemm", ft);
    LLVMValueRef one = LLVMConstReal(st, 1.0);
    LLVMValueRef args[14] = {
        LLVMConstInt(i32, 101, 0),
        LLVMConstInt(i32, m.trans_a ? 112 : 111, 0),
        LLVMConstInt(i32, m.trans_b ? 112 : 111, 0),
        i32_of(g, m.m),
        i32_of(g, m.n),
        i32_of(g, m.k),
        m.alpha ? convert(g, gen_expr(g, m.alpha), m.type).v : one,
        access_addr(g, m.a),
        i32_of(g, m.lda),
        access_addr(g, m.b),
        i32_of(g, m.ldb),
        m.beta ? convert(g, gen_expr(g, m.beta), m.type).v : one,
        access_addr(g, m.c),
        i32_of(g, m.ldc)};
    LLVMBuildCall2(g->b, ft, f, args, 14, "");
  }
  /* what to link, in a section of the object that is not loaded (read
   * by schedcc-cc: tools/schedcc-cc.c, "Libraries") */
  const char *flags = ir_library_link_flags(l->library);
  size_t alen = 0;
  const char *asm_now = LLVMGetModuleInlineAsm(g->mod, &alen);
  const char *triple = LLVMGetTarget(g->mod);
  bool elf =
      !triple || (!strstr(triple, "apple") && !strstr(triple, "darwin") &&
                  !strstr(triple, "windows"));
  if (elf && (!asm_now || !strstr(asm_now, flags))) {
    const char *a =
        scc_arena_printf(g->ctx->arena,
                         ".pushsection .schedcc.link,\"\",%%progbits\n.asciz "
                         "\"schedcc-link: %s\"\n.popsection\n",
                         flags);
    LLVMAppendModuleInlineAsm(g->mod, a, strlen(a));
  }
  if (cond) {
    LLVMBuildBr(g->b, end);
    LLVMPositionBuilderAtEnd(g->b, bloops);
    g->plain = true;
    gen_loop(g, n);
    g->plain = false;
    LLVMBuildBr(g->b, end);
    LLVMPositionBuilderAtEnd(g->b, end);
  }
  return true;
}

static void gen_loop(gen *g, const ir_node *n) {
  const ir_loop *l = &n->u.loop;
  if (gen_library(g, n))
    return;
  if (l->iv->lanes > 1) {
    fail(g, n->loc, "a vector induction variable");
    return;
  }
  /* A user's directive without -fopenmp: the compiler would ignore it
   * too; `simd` alone is a hint (no threads either way). */
  if ((l->attrs & IR_LOOP_PARALLEL) && !g->warned_parallel &&
      !ir_omp_simd_only(l->omp) && (!l->omp || g->ct->openmp)) {
    scc_warning(g->ctx, n->loc,
                "the LLVM backend runs OpenMP parallel loops sequentially");
    g->warned_parallel = true;
  }
  LLVMValueRef slot = var_slot(g, l->iv);
  ir_type ivt = l->iv->type;
  /* iv = lb */
  cval lb = convert(g, gen_expr(g, l->lb), ivt);
  LLVMBuildStore(g->b, lb.v, slot);
  LLVMBasicBlockRef header = new_block(g, "for.cond");
  LLVMBasicBlockRef body = new_block(g, "for.body");
  LLVMBasicBlockRef latch = new_block(g, "for.inc");
  LLVMBasicBlockRef exit = new_block(g, "for.end");
  LLVMBuildBr(g->b, header);
  /* step > 0 ? iv < ub : iv > ub */
  LLVMPositionBuilderAtEnd(g->b, header);
  ir_expr ivref = {.kind = IR_EXPR_VAR, .type = ivt, .loc = n->loc};
  ivref.u.var = l->iv;
  cval iv = gen_expr(g, &ivref);
  cval ub = gen_expr(g, l->ub);
  cval c = binary_values(g, l->step > 0 ? IR_OP_LT : IR_OP_GT, iv, ub, n->loc);
  LLVMBuildCondBr(g->b, truth(g, c), body, exit);
  LLVMPositionBuilderAtEnd(g->b, body);
  /* loop.prefetch: llvm.prefetch(addr, rw, locality 3, data cache) */
  for (int w = 0; w < 2; w++) {
    const scc_vec *pv = w ? &l->prefetchw : &l->prefetch;
    for (int i = 0; i < pv->len && !g->failed; i++) {
      LLVMValueRef addr = access_addr(g, pv->items[i]);
      LLVMTypeRef i32 = LLVMInt32TypeInContext(g->llc);
      LLVMTypeRef pt = LLVMTypeOf(addr);
      LLVMValueRef args[4] = {addr, LLVMConstInt(i32, (unsigned)w, 0),
                              LLVMConstInt(i32, 3, 0), LLVMConstInt(i32, 1, 0)};
      call_intrinsic(g, "llvm.prefetch", &pt, 1, args, 4);
    }
  }
  gen_block(g, &l->body);
  LLVMBuildBr(g->b, latch);
  /* iv += step (iv++ / iv-- / iv += s with s an int or long literal) */
  LLVMPositionBuilderAtEnd(g->b, latch);
  cval cur = gen_expr(g, &ivref);
  int64_t s = l->step;
  bool wide = s > INT32_MAX || s < -INT32_MAX;
  ir_type st = wide ? IR_TY_LONG : IR_TY_INT;
  cval step = {LLVMConstInt(scalar_type(g, st), (unsigned long long)s, 1), st,
               1};
  cval next = convert(g, binary_values(g, IR_OP_ADD, cur, step, n->loc), ivt);
  LLVMBuildStore(g->b, next.v, slot);
  LLVMBuildBr(g->b, header);
  LLVMPositionBuilderAtEnd(g->b, exit);
}

static void gen_if(gen *g, const ir_node *n) {
  cval c = gen_expr(g, n->u.ifs.cond);
  LLVMBasicBlockRef bt = new_block(g, "if.then");
  LLVMBasicBlockRef end = new_block(g, "if.end");
  bool has_else = !ir_block_empty(&n->u.ifs.else_body);
  LLVMBasicBlockRef bf = has_else ? new_block(g, "if.else") : end;
  LLVMBuildCondBr(g->b, truth(g, c), bt, bf);
  LLVMPositionBuilderAtEnd(g->b, bt);
  gen_block(g, &n->u.ifs.then_body);
  LLVMBuildBr(g->b, end);
  if (has_else) {
    LLVMPositionBuilderAtEnd(g->b, bf);
    gen_block(g, &n->u.ifs.else_body);
    LLVMBuildBr(g->b, end);
  }
  LLVMPositionBuilderAtEnd(g->b, end);
}

static void gen_node(gen *g, const ir_node *n) {
  if (g->failed)
    return;
  switch (n->kind) {
  case IR_NODE_LOOP:
    gen_loop(g, n);
    break;
  case IR_NODE_IF:
    gen_if(g, n);
    break;
  case IR_NODE_ASSIGN:
    gen_assign(g, n);
    break;
  case IR_NODE_DECL: {
    const ir_var *v = n->u.decl.var;
    LLVMValueRef slot = var_slot(g, v);
    if (n->u.decl.init) {
      int lanes = v->lanes > 1 ? v->lanes : 1;
      cval x = gen_expr(g, n->u.decl.init);
      x = convert(g, widen(g, x, lanes), v->type);
      LLVMValueRef st = LLVMBuildStore(g->b, x.v, slot);
      set_align(g, st, v->type);
      LLVMSetVolatile(st, v->is_volatile);
    }
    break;
  }
  }
}

static void gen_block(gen *g, const ir_block *b) {
  for (const ir_node *n = b->first; n && !g->failed; n = n->next)
    gen_node(g, n);
}

/* ---- kernel versioning --------------------------------------------------- */

/* The integer address of element `off` of array a: ptrtoint(base) +
 * off * sizeof(T), in i64 (wrapping, as the C path's uintptr_t):
 * IR_EXPR_ELEM_ADDR. */
static LLVMValueRef elem_addr(gen *g, const ir_array *a, const ir_expr *off) {
  LLVMValueRef base = NULL;
  for (int i = 0; i < g->arrays.len; i++)
    if (g->arrays.items[i] == a)
      base = g->bases.items[i];
  if (!base) {
    fail(g, a->loc, "a checked array that is not in the kernel's array list");
    return LLVMConstInt(i64_type(g), 0, 0);
  }
  LLVMValueRef p = LLVMBuildPtrToInt(g->b, base, i64_type(g), "");
  cval x = convert(g, gen_expr(g, off), IR_TY_LONG);
  LLVMValueRef sz = LLVMConstInt(i64_type(g), type_bytes(g, a->elem), 0);
  return LLVMBuildAdd(g->b, p, LLVMBuildMul(g->b, x.v, sz, ""), "");
}

/* The run-time check of a versioned kernel (i1): every assumption's
 * lowered check (be_lower.c) holds. */
static LLVMValueRef gen_check(gen *g, const ir_kernel *k) {
  LLVMValueRef all = LLVMConstInt(i1_type(g, 1), 1, 0);
  for (int i = 0; i < k->assumptions.len && !g->failed; i++) {
    const ir_assumption *as = k->assumptions.items[i];
    all = LLVMBuildAnd(g->b, all, truth(g, gen_expr(g, as->check)), "");
  }
  return all;
}

/* The kernel's code: versioned as `if (checks) transformed else original`
 * when it has run-time checks. */
static void gen_body(gen *g, const ir_kernel *k) {
  if (!k->original || k->assumptions.len == 0) {
    gen_block(g, &k->body);
    return;
  }
  LLVMValueRef c = gen_check(g, k);
  if (g->failed)
    return;
  LLVMBasicBlockRef bt = new_block(g, "version.transformed");
  LLVMBasicBlockRef bf = new_block(g, "version.original");
  LLVMBasicBlockRef end = new_block(g, "version.end");
  LLVMBuildCondBr(g->b, c, bt, bf);
  LLVMPositionBuilderAtEnd(g->b, bt);
  gen_block(g, &k->body);
  LLVMBuildBr(g->b, end);
  LLVMPositionBuilderAtEnd(g->b, bf);
  gen_block(g, k->original);
  LLVMBuildBr(g->b, end);
  LLVMPositionBuilderAtEnd(g->b, end);
}

/* ---- the function ----------------------------------------------------- */

ir_type be_llvm_value_arg_type(ir_type t) {
  return ir_type_is_integer(t) && int_rank(t) < 3 ? IR_TY_INT : t;
}

static void add_attr(gen *g, LLVMValueRef fn, unsigned idx, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(g->llc, kind, 0));
}

/* A kernel-local array (ir_array.is_local: a loop.pack buffer), as the C
 * backend declares it at the start of the kernel, `_Alignas(64) T
 * name[d0][d1]...;`: an alloca of d0 * d1 * ... elements, aligned to 64
 * bytes, in the entry block (automatic storage, like the C path's). */
static void local_array(gen *g, const ir_array *a) {
  int64_t c0;
  if (a->rank == 1 && a->dims && a->dims[0] &&
      !ir_expr_const_value(g->ctx, a->dims[0], &c0)) {
    /* a variable-length array (loop.expand_scalar over a loop with a
     * symbolic trip count): its extent, an expression of the kernel's
     * parameters (copied in above), is evaluated here in the entry block,
     * and the array allocated with a dynamic alloca */
    cval n = convert(g, gen_expr(g, a->dims[0]), IR_TY_LONG);
    LLVMValueRef buf =
        LLVMBuildArrayAlloca(g->b, scalar_type(g, a->elem), n.v, a->name);
    LLVMSetAlignment(buf, 64);
    LLVMValueRef *dims =
        scc_arena_alloc(g->ctx->arena, sizeof(LLVMValueRef) * 2);
    dims[0] = n.v;
    dims[1] = NULL;
    scc_vec_push(g->ctx->arena, &g->arrays, (void *)a);
    scc_vec_push(g->ctx->arena, &g->bases, buf);
    scc_vec_push(g->ctx->arena, &g->dims, dims);
    return;
  }
  uint64_t n = 1;
  LLVMValueRef *dims = scc_arena_alloc(
      g->ctx->arena, sizeof(LLVMValueRef) * (size_t)(a->rank + 1));
  for (int d = 0; d < a->rank; d++) {
    int64_t c;
    if (!a->dims || !a->dims[d] ||
        !ir_expr_const_value(g->ctx, a->dims[d], &c) || c < 1) {
      scc_error(g->ctx, a->loc,
                "the LLVM backend needs a constant extent for dimension %d "
                "of the local array '%s'",
                d + 1, a->name);
      g->failed = true;
      return;
    }
    n *= (uint64_t)c;
    dims[d] = LLVMConstInt(i64_type(g), (unsigned long long)c, 1);
  }
  LLVMValueRef buf =
      entry_alloca(g, LLVMArrayType2(scalar_type(g, a->elem), n), a->name);
  LLVMSetAlignment(buf, 64);
  scc_vec_push(g->ctx->arena, &g->arrays, (void *)a);
  scc_vec_push(g->ctx->arena, &g->bases, buf);
  scc_vec_push(g->ctx->arena, &g->dims, dims);
}

bool be_llvm_gen_kernel(scc_ctx *ctx, LLVMModuleRef mod, const be_ctypes *ct,
                        const be_kplan *plan) {
  gen g = {.ctx = ctx, .k = plan->k, .ct = ct, .mod = mod};
  g.llc = LLVMGetModuleContext(mod);
  scc_arena *ar = ctx->arena;

  /* the signature */
  LLVMTypeRef *ps =
      scc_arena_alloc(ar, sizeof(LLVMTypeRef) * (size_t)(plan->nargs + 1));
  for (int i = 0; i < plan->nargs; i++) {
    const be_arg *a = &plan->args[i];
    switch (a->kind) {
    case BE_ARG_ARRAY:
    case BE_ARG_REF:
      ps[i] = ptr_type(&g);
      break;
    case BE_ARG_DIM:
      ps[i] = i64_type(&g);
      break;
    case BE_ARG_VALUE:
      ps[i] = scalar_type(&g, be_llvm_value_arg_type(a->var->type));
      break;
    }
  }
  LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(g.llc), ps,
                                    (unsigned)plan->nargs, 0);
  g.fn = LLVMAddFunction(mod, plan->fname, ft);
  add_attr(&g, g.fn, LLVMAttributeFunctionIndex, "nounwind");
  g.b = LLVMCreateBuilderInContext(g.llc);
  g.entry = LLVMAppendBasicBlockInContext(g.llc, g.fn, "entry");
  LLVMPositionBuilderAtEnd(g.b, g.entry);

  /* arguments: arrays' bases and extents, scalars copied in */
  scc_vec refs = {0}; /* indices of BE_ARG_REF arguments */
  for (int i = 0; i < plan->nargs; i++) {
    const be_arg *a = &plan->args[i];
    LLVMValueRef p = LLVMGetParam(g.fn, (unsigned)i);
    switch (a->kind) {
    case BE_ARG_ARRAY: {
      LLVMSetValueName2(p, a->array->name, strlen(a->array->name));
      if (be_llvm_array_restrict(ctx, a->array, plan->k->module))
        add_attr(&g, g.fn, (unsigned)i + 1, "noalias");
      add_attr(&g, g.fn, (unsigned)i + 1, "nocapture");
      LLVMValueRef *dims = scc_arena_alloc(
          ar, sizeof(LLVMValueRef) * (size_t)(a->array->rank + 1));
      for (int d = 1; d < a->array->rank; d++) {
        const ir_expr *x = a->array->dims ? a->array->dims[d] : NULL;
        int64_t c;
        if (x && ir_expr_const_value(ctx, x, &c))
          dims[d] = LLVMConstInt(i64_type(&g), (unsigned long long)c, 1);
      }
      scc_vec_push(ar, &g.arrays, (void *)a->array);
      scc_vec_push(ar, &g.bases, p);
      scc_vec_push(ar, &g.dims, dims);
      break;
    }
    case BE_ARG_DIM: {
      for (int j = 0; j < g.arrays.len; j++)
        if (g.arrays.items[j] == a->array)
          ((LLVMValueRef *)g.dims.items[j])[a->dim] = p;
      break;
    }
    case BE_ARG_VALUE: {
      LLVMSetValueName2(p, a->var->name, strlen(a->var->name));
      LLVMValueRef slot = var_slot(&g, a->var);
      cval x = {p, be_llvm_value_arg_type(a->var->type), 1};
      x = convert(&g, x, a->var->type);
      LLVMBuildStore(g.b, x.v, slot);
      break;
    }
    case BE_ARG_REF: {
      LLVMSetValueName2(p, a->var->name, strlen(a->var->name));
      add_attr(&g, g.fn, (unsigned)i + 1, "nocapture");
      LLVMValueRef slot = var_slot(&g, a->var);
      LLVMTypeRef t = val_type(&g, a->var->type, a->var->lanes);
      LLVMValueRef ld = LLVMBuildLoad2(g.b, t, p, "");
      set_align(&g, ld, a->var->type);
      LLVMValueRef st = LLVMBuildStore(g.b, ld, slot);
      set_align(&g, st, a->var->type);
      scc_vec_push(ar, &refs, (void *)(intptr_t)i);
      break;
    }
    }
  }
  for (int i = 0; i < plan->k->arrays.len && !g.failed; i++)
    if (((const ir_array *)plan->k->arrays.items[i])->is_local)
      local_array(&g, plan->k->arrays.items[i]);
  for (int j = 0; j < g.arrays.len; j++) {
    const ir_array *a = g.arrays.items[j];
    LLVMValueRef *dims = g.dims.items[j];
    for (int d = 1; d < a->rank; d++)
      if (!dims[d]) {
        scc_error(ctx, a->loc,
                  "the LLVM backend needs the extent of dimension %d of "
                  "array '%s'",
                  d + 1, a->name);
        g.failed = true;
      }
  }

  if (!g.failed && !be_check_lowered(g.ctx, plan->k))
    g.failed = true;
  if (!g.failed)
    gen_xsmm_dispatch(&g, plan->k);
  if (!g.failed)
    gen_body(&g, plan->k);
  /* non-temporal stores are weakly ordered: a fence (mfence on x86)
   * orders them before the stores after the kernel (only when one was
   * generated: a kernel reverted to its original has none) */
  if (!g.failed && g.streamed)
    LLVMBuildFence(g.b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");

  if (!g.failed) {
    /* copy out */
    for (int r = 0; r < refs.len; r++) {
      int i = (int)(intptr_t)refs.items[r];
      const ir_var *v = plan->args[i].var;
      LLVMTypeRef t = val_type(&g, v->type, v->lanes);
      LLVMValueRef ld = LLVMBuildLoad2(g.b, t, var_slot(&g, v), "");
      set_align(&g, ld, v->type);
      LLVMValueRef st =
          LLVMBuildStore(g.b, ld, LLVMGetParam(g.fn, (unsigned)i));
      set_align(&g, st, v->type);
    }
    LLVMBuildRetVoid(g.b);
  }
  LLVMDisposeBuilder(g.b);
  return !g.failed;
}
