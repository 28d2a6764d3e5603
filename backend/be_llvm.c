/* be_llvm.c — the LLVM backend's driver: object code, assembly or LLVM IR
 * for a whole C file whose kernels are built directly as LLVM IR.
 *
 *  1. Outline: each kernel gets a plan (be_llvm_plan): the function
 *     `__schedcc_kernel_<name>` and its arguments — every array's base
 *     address, the variable extents of its dimensions, the scalars it only
 *     reads (by value) and the scalars declared outside it that it writes
 *     (by address; loop induction variables declared outside included, so
 *     their final values are what the C path leaves).
 *  2. The rest of the translation unit: the source with every kernel region
 *     replaced by a call of its outlined function (plus prototypes and a
 *     `#line 1` at the top, newlines kept so diagnostics and debug lines
 *     point into the original file) is compiled by clang-19 (posix_spawnp;
 *     $SCHEDCC_CLANG overrides the name) to bitcode with the user's flags,
 *     `-O<n> -Xclang -disable-llvm-passes` (optimized once, later, with the
 *     kernels) and the target CPU.
 *  3. The kernels are built in a module of their own (be_llvm_gen.c),
 *     linked in with LLVMLinkModules2 and made internal (single call site:
 *     the inliner puts them back in place).
 *  4. The module is verified, optimized with LLVMRunPasses("default<On>")
 *     (loop and SLP vectorization on from -O2, as clang does), and emitted
 *     for the target machine into memory, then written atomically.
 *
 * Target: schedcc's --target=, else --target=/-target among the user's
 * flags (as clang takes them), else the host's triple;
 * CPU: --mcpu=, else -march=/-mcpu= among the user's flags, else the host's
 * (LLVMGetHostCPUName/LLVMGetHostCPUFeatures: -march=native semantics).
 */
#include "be_llvm_int.h"

#include "../ir/ir_gemm.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ---- the outlining plan ----------------------------------------------- */

typedef struct collect {
  scc_ctx *ctx;
  scc_vec used;  /* const ir_var *, in order of first use */
  scc_vec decls; /* const ir_var * declared by IR_NODE_DECL */
  bool vector;
} collect;

static void push_unique(scc_arena *ar, scc_vec *v, const void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return;
  scc_vec_push(ar, v, (void *)x);
}

static void collect_expr(ir_expr *e, void *data) {
  collect *c = data;
  if (e->lanes > 1)
    c->vector = true;
  if (e->kind == IR_EXPR_VAR)
    push_unique(c->ctx->arena, &c->used, e->u.var);
}

static bool collect_node(ir_node *n, void *data) {
  collect *c = data;
  if (n->kind == IR_NODE_LOOP)
    push_unique(c->ctx->arena, &c->used, n->u.loop.iv);
  if (n->kind == IR_NODE_DECL) {
    push_unique(c->ctx->arena, &c->used, n->u.decl.var);
    push_unique(c->ctx->arena, &c->decls, n->u.decl.var);
  }
  ir_walk_node_exprs(n, collect_expr, c);
  if (n->kind == IR_NODE_LOOP && n->u.loop.call) {
    /* a library call (the lowering's, of loop.to_library) reads its sizes,
     * which may name variables only the arrays' declarations use (`float
     * A[n][m]`) */
    const ir_gemm *g = n->u.loop.call->gemm;
    ir_expr *xs[] = {g->m,   g->n,   g->k,     g->lda,
                     g->ldb, g->ldc, g->alpha, g->beta};
    for (int i = 0; i < 8; i++)
      if (xs[i])
        ir_walk_expr(xs[i], collect_expr, c);
  }
  return true;
}

static bool vec_has(const scc_vec *v, const void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

bool be_llvm_plan(scc_ctx *ctx, const ir_kernel *k, be_kplan *out) {
  scc_arena *ar = ctx->arena;
  collect c = {.ctx = ctx};
  ir_walk_block((ir_block *)&k->body, collect_node, &c);
  if (k->original && k->assumptions.len > 0) {
    /* a versioned kernel: the original code and the checks too */
    ir_walk_block(k->original, collect_node, &c);
    for (int i = 0; i < k->assumptions.len; i++) {
      const ir_assumption *as = k->assumptions.items[i];
      ir_expr *xs[] = {as->a_lo, as->a_hi, as->b_lo, as->b_hi, as->cond};
      for (int j = 0; j < 5; j++)
        ir_walk_expr(xs[j], collect_expr, &c);
    }
  }
  memset(out, 0, sizeof *out);
  out->k = k;
  out->fname = scc_arena_printf(ar, "__schedcc_kernel_%s", k->name);
  /* top-level declarations of loop and scop kernels stay visible after
   * the region */
  if (k->form != IR_KERNEL_FUNCTION)
    for (const ir_node *n = k->body.first; n; n = n->next)
      if (n->kind == IR_NODE_DECL && n->u.decl.var->lanes <= 1)
        scc_vec_push(ar, &out->decls, n->u.decl.var);
  if (k->form != IR_KERNEL_FUNCTION && k->original && k->assumptions.len > 0)
    for (const ir_node *n = k->original->first; n; n = n->next)
      if (n->kind == IR_NODE_DECL && !vec_has(&out->decls, n->u.decl.var))
        scc_vec_push(ar, &out->decls, n->u.decl.var);

  int cap = 2;
  for (int i = 0; i < k->arrays.len; i++)
    cap += ((const ir_array *)k->arrays.items[i])->rank;
  cap += c.used.len;
  out->args = scc_arena_alloc(ar, sizeof(be_arg) * (size_t)cap);
  for (int i = 0; i < k->arrays.len; i++) {
    const ir_array *a = k->arrays.items[i];
    if (a->is_local)
      continue; /* a buffer of the kernel's own (be_llvm_gen.c) */
    out->args[out->nargs++] = (be_arg){.kind = BE_ARG_ARRAY, .array = a};
    for (int d = 1; d < a->rank; d++) {
      int64_t v;
      const ir_expr *x = a->dims ? a->dims[d] : NULL;
      if (!x) {
        scc_error(ctx, a->loc,
                  "the LLVM backend needs the extent of dimension %d of "
                  "array '%s'",
                  d + 1, a->name);
        return false;
      }
      if (!ir_expr_const_value(ctx, x, &v))
        out->args[out->nargs++] =
            (be_arg){.kind = BE_ARG_DIM, .array = a, .dim = d};
    }
  }
  for (int i = 0; i < c.used.len; i++) {
    const ir_var *v = c.used.items[i];
    be_arg_kind kind;
    if (vec_has(&out->decls, v))
      kind = BE_ARG_REF;
    else if (vec_has(&c.decls, v) || !v->declared_outside)
      continue; /* internal to the kernel */
    else if (v->kind == IR_VAR_PARAM)
      kind = BE_ARG_VALUE;
    else
      kind = BE_ARG_REF;
    out->args[out->nargs++] = (be_arg){.kind = kind, .var = v};
  }
  return true;
}

/* ---- the C text of the rest of the translation unit ------------------- */

/* Appends the newlines of src[from, to) (so line numbers stay). */
static void put_newlines(scc_buf *b, const char *src, size_t from, size_t to) {
  for (size_t i = from; i < to; i++)
    if (src[i] == '\n')
      scc_buf_puts(b, "\n");
}

/* Copies [from, to), blanking the erased pragma lines. */
static void copy_source(scc_buf *out, const ir_module *m, size_t from,
                        size_t to) {
  for (int i = 0; i < m->erase.len && from < to; i++) {
    const ir_range *r = m->erase.items[i];
    if (r->end <= from || r->begin >= to)
      continue;
    if (r->begin > from)
      scc_buf_putn(out, m->source + from, r->begin - from);
    size_t e = r->end < to ? r->end : to;
    put_newlines(out, m->source, r->begin > from ? r->begin : from, e);
    from = e;
  }
  if (to > from)
    scc_buf_putn(out, m->source + from, to - from);
}

static void put_call(scc_buf *b, const be_kplan *p) {
  for (int i = 0; i < p->decls.len; i++) {
    const ir_var *v = p->decls.items[i];
    scc_buf_printf(b, "%s %s; ", ir_type_name(v->type), v->name);
  }
  scc_buf_printf(b, "%s(", p->fname);
  for (int i = 0; i < p->nargs; i++) {
    const be_arg *a = &p->args[i];
    if (i)
      scc_buf_puts(b, ", ");
    switch (a->kind) {
    case BE_ARG_ARRAY:
      scc_buf_printf(b, "(void *)(%s)", a->array->name);
      break;
    case BE_ARG_DIM:
      scc_buf_puts(b, "(long long)(");
      ir_print_c_expr(b, a->array->dims[a->dim]);
      scc_buf_puts(b, ")");
      break;
    case BE_ARG_VALUE:
      scc_buf_puts(b, a->var->c_value ? a->var->c_value : a->var->name);
      break;
    case BE_ARG_REF:
      scc_buf_printf(b, "(void *)&%s", a->var->name);
      break;
    }
  }
  scc_buf_puts(b, ");");
}

static void put_prototype(scc_buf *b, const be_kplan *p) {
  scc_buf_printf(b, "void %s(", p->fname);
  for (int i = 0; i < p->nargs; i++) {
    const be_arg *a = &p->args[i];
    if (i)
      scc_buf_puts(b, ", ");
    switch (a->kind) {
    case BE_ARG_ARRAY:
    case BE_ARG_REF:
      scc_buf_puts(b, "void *");
      break;
    case BE_ARG_DIM:
      scc_buf_puts(b, "long long");
      break;
    case BE_ARG_VALUE:
      scc_buf_puts(b, ir_type_name(be_llvm_value_arg_type(a->var->type)));
      break;
    }
  }
  scc_buf_puts(b, p->nargs ? ");\n" : "void);\n");
}

static void put_string_lit(scc_buf *b, const char *s) {
  scc_buf_puts(b, "\"");
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      scc_buf_puts(b, "\\");
    scc_buf_putn(b, s, 1);
  }
  scc_buf_puts(b, "\"");
}

static void outlined_text(const ir_module *m, const be_kplan *plans,
                          scc_buf *out) {
  for (int i = 0; i < m->kernels.len; i++)
    put_prototype(out, &plans[i]);
  scc_buf_puts(out, "#line 1 ");
  put_string_lit(out, m->filename ? m->filename : "<input>");
  scc_buf_puts(out, "\n");
  size_t pos = 0;
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    copy_source(out, m, pos, k->begin);
    scc_buf_puts(out, " ");
    put_call(out, &plans[i]);
    put_newlines(out, m->source, k->begin, k->end);
    pos = k->end;
  }
  copy_source(out, m, pos, m->source_len);
}

/* ---- clang-19 -------------------------------------------------------------
 */

static bool is_x86(const char *triple) {
  return strncmp(triple, "x86_64", 6) == 0 ||
         (triple[0] == 'i' && strncmp(triple + 2, "86", 2) == 0);
}

/* A user flag that selects the CPU (-march=X, -mcpu=X), or NULL. */
static const char *user_cpu(const be_llvm_options *o) {
  const char *cpu = NULL;
  for (int i = 0; i < o->nclang; i++) {
    const char *a = o->clang_args[i];
    if (strncmp(a, "-march=", 7) == 0)
      cpu = a + 7;
    else if (strncmp(a, "-mcpu=", 6) == 0)
      cpu = a + 6;
  }
  return cpu;
}

/* The target triple among the user's flags (--target=T, -target T), as
 * clang takes it, or NULL. */
static const char *user_triple(const be_llvm_options *o) {
  const char *t = NULL;
  for (int i = 0; i < o->nclang; i++) {
    const char *a = o->clang_args[i];
    if (strncmp(a, "--target=", 9) == 0)
      t = a + 9;
    else if (strcmp(a, "-target") == 0 && i + 1 < o->nclang)
      t = o->clang_args[++i];
  }
  return t;
}

/* True for user flags that do not belong in the bitcode compile (outputs,
 * optimization level, dependency files); *skip_next for flags with a
 * separate value. */
static bool drop_flag(const char *a, bool *skip_next) {
  *skip_next = false;
  if (strcmp(a, "-o") == 0 || strcmp(a, "-MF") == 0 || strcmp(a, "-MT") == 0 ||
      strcmp(a, "-MQ") == 0) {
    *skip_next = true;
    return true;
  }
  return strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0 ||
         strcmp(a, "-emit-llvm") == 0 || strncmp(a, "-O", 2) == 0 ||
         strncmp(a, "-flto", 5) == 0 || strncmp(a, "-M", 2) == 0 ||
         strncmp(a, "-o", 2) == 0;
}

/* Runs clang-19 on the C file `cpath`, writing bitcode to `bcpath`.
 * clang's diagnostics go to stderr. */
static bool run_clang(scc_ctx *ctx, const ir_module *m,
                      const be_llvm_options *o, const char *cpath,
                      const char *bcpath, const char *cpu_flag) {
  scc_arena *ar = ctx->arena;
  const char *clang = getenv("SCHEDCC_CLANG");
  if (!clang || !*clang)
    clang = "clang-19";
  const char **argv =
      scc_arena_alloc(ar, sizeof(char *) * (size_t)(o->nclang + 24));
  int n = 0;
  argv[n++] = clang;
  argv[n++] = "-x";
  argv[n++] = "c";
  argv[n++] = cpath;
  argv[n++] = "-c";
  argv[n++] = "-emit-llvm";
  argv[n++] = "-o";
  argv[n++] = bcpath;
  if (m->filename) { /* quoted includes relative to the original file */
    const char *slash = strrchr(m->filename, '/');
    argv[n++] = "-iquote";
    argv[n++] = slash ? scc_arena_strndup(ar, m->filename,
                                          (size_t)(slash - m->filename))
                      : ".";
  }
  if (o->triple)
    argv[n++] = scc_arena_printf(ar, "--target=%s", o->triple);
  for (int i = 0; i < o->nclang; i++) {
    bool skip;
    if (drop_flag(o->clang_args[i], &skip)) {
      i += skip;
      continue;
    }
    argv[n++] = o->clang_args[i];
  }
  if (cpu_flag) {
    argv[n++] = cpu_flag;
    if (strstr(cpu_flag, "native")) /* clang 19 warns about some hosts' */
      argv[n++] = "-Wno-invalid-feature-combination"; /* feature lists */
  }
  int lvl = o->opt_level < 0 ? 0 : o->opt_level > 3 ? 3 : o->opt_level;
  argv[n++] = scc_arena_printf(ar, "-O%d", lvl);
  if (lvl > 0) { /* no optnone: the whole module is optimized later */
    argv[n++] = "-Xclang";
    argv[n++] = "-disable-llvm-passes";
  }
  argv[n] = NULL;

  pid_t pid;
  int rc = posix_spawnp(&pid, clang, NULL, NULL, (char *const *)argv, environ);
  if (rc != 0) {
    scc_error(ctx, (scc_loc){0}, "cannot run '%s': %s", clang, strerror(rc));
    return false;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      scc_error(ctx, (scc_loc){0}, "waiting for '%s': %s", clang,
                strerror(errno));
      return false;
    }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    scc_error(ctx, (scc_loc){0},
              "%s failed to compile the code outside the kernels of '%s'",
              clang, m->filename ? m->filename : "<input>");
    return false;
  }
  return true;
}

/* ---- target ------------------------------------------------------------- */

static be_ctypes ctypes_for(const char *triple, LLVMTargetDataRef td,
                            const be_llvm_options *o) {
  be_ctypes ct = {.char_signed = true, .long_bits = 64, .ldouble_kind = 0};
  bool windows = strstr(triple, "windows") || strstr(triple, "win32");
  bool apple = strstr(triple, "apple") || strstr(triple, "darwin");
  bool x86 = is_x86(triple);
  if (!x86 && !apple && !windows &&
      (strncmp(triple, "aarch64", 7) == 0 || strncmp(triple, "arm", 3) == 0 ||
       strncmp(triple, "powerpc", 7) == 0 || strncmp(triple, "riscv", 5) == 0 ||
       strncmp(triple, "s390", 4) == 0))
    ct.char_signed = false;
  for (int i = 0; i < o->nclang; i++) {
    if (strcmp(o->clang_args[i], "-funsigned-char") == 0)
      ct.char_signed = false;
    else if (strcmp(o->clang_args[i], "-fsigned-char") == 0)
      ct.char_signed = true;
    else if (strcmp(o->clang_args[i], "-fopenmp") == 0 ||
             strncmp(o->clang_args[i], "-fopenmp=", 9) == 0)
      ct.openmp = true;
    else if (strcmp(o->clang_args[i], "-fno-openmp") == 0)
      ct.openmp = false;
    else if (strcmp(o->clang_args[i], "-fno-builtin") == 0)
      ct.no_builtin = true;
  }
  ct.flags = o->clang_args;
  ct.nflags = o->nclang;
  if (windows || LLVMPointerSize(td) == 4)
    ct.long_bits = 32;
  if (x86 && !windows)
    ct.ldouble_kind = 1;
  else if (strncmp(triple, "aarch64", 7) == 0 && !apple && !windows)
    ct.ldouble_kind = 2;
  return ct;
}

/* Vector code for a better ISA than the flags enable (be_target_attr:
 * "avx512f,avx2,fma", or NULL): the kernel function's "target-features"
 * get "+avx512f,+avx2,+fma" (it is then not inlined into a caller without
 * them: a call, as for the C backend's target attribute). */
static void add_isa_features(LLVMValueRef fn, const char *attr) {
  if (!attr)
    return;
  LLVMContextRef llc = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  static const char key[] = "target-features";
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, key, sizeof key - 1);
  unsigned len = 0;
  const char *old = a ? LLVMGetStringAttributeValue(a, &len) : "";
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "%.*s", (int)len, old);
  for (const char *p = attr; *p && n < (int)sizeof buf - 2;) {
    size_t w = strcspn(p, ",");
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s+%.*s", n ? "," : "",
                  (int)w, p);
    p += w + (p[w] == ',');
  }
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(llc, key, sizeof key - 1,
                                                    buf,
                                                    (unsigned)strlen(buf)));
}

/* Gives the kernel function the caller's target attributes (so it can be
 * inlined back), or the target machine's CPU and features. */
static void set_target_attrs(LLVMValueRef fn, const char *cpu,
                             const char *features) {
  LLVMContextRef llc = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMValueRef caller = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u && !caller;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsACallInst(user))
      caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
  }
  static const char *const keys[] = {"target-cpu", "target-features",
                                     "tune-cpu"};
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
    const char *key = keys[i];
    unsigned klen = (unsigned)strlen(key);
    LLVMAttributeRef a =
        caller ? LLVMGetStringAttributeAtIndex(
                     caller, LLVMAttributeFunctionIndex, key, klen)
               : NULL;
    if (a) {
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
    } else if (!caller && i < 2) {
      const char *v = i == 0 ? cpu : features;
      if (v && *v)
        LLVMAddAttributeAtIndex(
            fn, LLVMAttributeFunctionIndex,
            LLVMCreateStringAttribute(llc, key, klen, v, (unsigned)strlen(v)));
    }
  }
}

/* ---- the pipeline ---------------------------------------------------------
 */

typedef struct llvm_state {
  LLVMContextRef llc;
  LLVMModuleRef mod;
  LLVMTargetMachineRef tm;
  LLVMPassBuilderOptionsRef pbo;
  char *host_triple, *cpu_msg, *features_msg;
  char cpath[4096], bcpath[4096];
} llvm_state;

static void state_dispose(llvm_state *s) {
  if (s->mod)
    LLVMDisposeModule(s->mod);
  if (s->tm)
    LLVMDisposeTargetMachine(s->tm);
  if (s->pbo)
    LLVMDisposePassBuilderOptions(s->pbo);
  if (s->llc)
    LLVMContextDispose(s->llc);
  if (s->host_triple)
    LLVMDisposeMessage(s->host_triple);
  if (s->cpu_msg)
    LLVMDisposeMessage(s->cpu_msg);
  if (s->features_msg)
    LLVMDisposeMessage(s->features_msg);
  if (s->cpath[0])
    unlink(s->cpath);
  if (s->bcpath[0])
    unlink(s->bcpath);
}

/* A fresh temporary file "<TMPDIR>/schedcc-<suffix>-XXXXXX". */
static bool make_temp(scc_ctx *ctx, char *path, size_t cap, const char *suffix,
                      const char *data, size_t len) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !*dir)
    dir = "/tmp";
  snprintf(path, cap, "%s/schedcc-%s-XXXXXX", dir, suffix);
  int fd = mkstemp(path);
  if (fd < 0) {
    scc_error(ctx, (scc_loc){0}, "cannot create a temporary file in '%s': %s",
              dir, strerror(errno));
    path[0] = 0;
    return false;
  }
  bool ok = true;
  for (size_t off = 0; off < len && ok;) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0 && errno == EINTR)
      continue;
    ok = w > 0;
    off += ok ? (size_t)w : 0;
  }
  if (close(fd) != 0 || !ok) {
    scc_error(ctx, (scc_loc){0}, "cannot write '%s': %s", path,
              strerror(errno));
    return false;
  }
  return true;
}

static bool internal_error(scc_ctx *ctx, const char *what, char *msg) {
  scc_error(ctx, (scc_loc){0}, "internal error: %s%s%s", what, msg ? ": " : "",
            msg ? msg : "");
  if (msg)
    LLVMDisposeMessage(msg);
  return false;
}

static bool pipeline(scc_ctx *ctx, const ir_module *m, const be_llvm_options *o,
                     const char *out_path, llvm_state *s) {
  scc_arena *ar = ctx->arena;
  int nk = m->kernels.len;
  be_kplan *plans = scc_arena_alloc(ar, sizeof(be_kplan) * (size_t)(nk + 1));
  for (int i = 0; i < nk; i++)
    if (!be_llvm_plan(ctx, m->kernels.items[i], &plans[i]))
      return false;

  /* target and CPU */
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMInitializeAllAsmPrinters();
  LLVMInitializeAllAsmParsers();
  s->host_triple = LLVMGetDefaultTargetTriple();
  const char *utriple = o->triple ? o->triple : user_triple(o);
  const char *triple = utriple ? utriple : s->host_triple;
  const char *cpu = o->cpu, *features = "", *cpu_flag = NULL;
  const char *ucpu = user_cpu(o);
  bool native = !o->cpu && (!ucpu || strcmp(ucpu, "native") == 0) &&
                (!utriple || strcmp(utriple, s->host_triple) == 0);
  if (o->cpu)
    cpu_flag = scc_arena_printf(ar, "%s=%s",
                                is_x86(triple) ? "-march" : "-mcpu", o->cpu);
  else if (ucpu && strcmp(ucpu, "native") != 0)
    cpu = ucpu;
  if (native) {
    s->cpu_msg = LLVMGetHostCPUName();
    s->features_msg = LLVMGetHostCPUFeatures();
    cpu = s->cpu_msg;
    features = s->features_msg;
    if (!ucpu)
      cpu_flag = is_x86(triple) ? "-march=native" : "-mcpu=native";
  }
  if (!cpu)
    cpu = "";

  /* the rest of the translation unit through clang-19 */
  scc_buf text = {0};
  outlined_text(m, plans, &text);
  bool ok = make_temp(ctx, s->cpath, sizeof s->cpath, "c",
                      text.data ? text.data : "", text.len);
  scc_buf_free(&text);
  if (!ok || !make_temp(ctx, s->bcpath, sizeof s->bcpath, "bc", "", 0))
    return false;
  if (!run_clang(ctx, m, o, s->cpath, s->bcpath, cpu_flag))
    return false;

  s->llc = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(s->bcpath, &buf, &msg))
    return internal_error(ctx, "cannot read clang's bitcode", msg);
  bool bad = LLVMParseBitcodeInContext2(s->llc, buf, &s->mod);
  LLVMDisposeMemoryBuffer(buf);
  if (bad)
    return internal_error(ctx, "cannot parse clang's bitcode", NULL);
  const char *mtriple = LLVMGetTarget(s->mod);
  if (mtriple && *mtriple)
    triple = mtriple;

  LLVMTargetRef target;
  if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
    scc_error(ctx, (scc_loc){0}, "unknown target '%s': %s", triple, msg);
    LLVMDisposeMessage(msg);
    return false;
  }
  int lvl = o->opt_level < 0 ? 0 : o->opt_level > 3 ? 3 : o->opt_level;
  static const LLVMCodeGenOptLevel cg[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  s->tm = LLVMCreateTargetMachine(target, triple, cpu, features, cg[lvl],
                                  LLVMRelocPIC, LLVMCodeModelDefault);
  if (!s->tm) {
    scc_error(ctx, (scc_loc){0}, "cannot create a target machine for '%s'",
              triple);
    return false;
  }
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(s->tm);
  be_ctypes ct = ctypes_for(triple, td, o);
  LLVMDisposeTargetData(td);

  /* the kernels, in a module of their own, linked in */
  LLVMModuleRef km =
      LLVMModuleCreateWithNameInContext("schedcc-kernels", s->llc);
  LLVMSetTarget(km, triple);
  LLVMSetDataLayout(km, LLVMGetDataLayoutStr(s->mod));
  ok = true;
  for (int i = 0; i < nk && ok; i++)
    ok = be_llvm_gen_kernel(ctx, km, &ct, &plans[i]);
  if (!ok) {
    LLVMDisposeModule(km);
    return false;
  }
  if (LLVMLinkModules2(s->mod, km))
    return internal_error(ctx, "linking the kernels failed", NULL);
  for (int i = 0; i < nk; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(s->mod, plans[i].fname);
    if (!fn)
      continue;
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    set_target_attrs(fn, cpu, features);
    add_isa_features(fn, be_target_attr(ctx, plans[i].k));
  }
  if (LLVMVerifyModule(s->mod, LLVMReturnStatusAction, &msg))
    return internal_error(ctx, "the LLVM module does not verify", msg);
  if (msg)
    LLVMDisposeMessage(msg);

  /* optimize */
  s->pbo = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetLoopVectorization(s->pbo, lvl >= 2);
  LLVMPassBuilderOptionsSetSLPVectorization(s->pbo, lvl >= 2);
  LLVMPassBuilderOptionsSetLoopInterleaving(s->pbo, lvl >= 2);
  LLVMPassBuilderOptionsSetLoopUnrolling(s->pbo, lvl >= 1);
  char passes[32];
  snprintf(passes, sizeof passes, "default<O%d>", lvl);
  LLVMErrorRef err = LLVMRunPasses(s->mod, passes, s->tm, s->pbo);
  if (err) {
    char *em = LLVMGetErrorMessage(err);
    scc_error(ctx, (scc_loc){0}, "internal error: LLVM passes failed: %s", em);
    LLVMDisposeErrorMessage(em);
    return false;
  }

  /* emit */
  if (o->kind == BE_LLVM_IR) {
    char *ir = LLVMPrintModuleToString(s->mod);
    ok = scc_write_file_atomic(ctx, out_path, ir, strlen(ir));
    LLVMDisposeMessage(ir);
    return ok;
  }
  LLVMMemoryBufferRef obj = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(
          s->tm, s->mod,
          o->kind == BE_LLVM_ASM ? LLVMAssemblyFile : LLVMObjectFile, &msg,
          &obj)) {
    scc_error(ctx, (scc_loc){0}, "cannot emit code for '%s': %s", triple,
              msg ? msg : "unknown error");
    if (msg)
      LLVMDisposeMessage(msg);
    return false;
  }
  ok = scc_write_file_atomic(ctx, out_path, LLVMGetBufferStart(obj),
                             LLVMGetBufferSize(obj));
  LLVMDisposeMemoryBuffer(obj);
  return ok;
}

bool be_emit_llvm(scc_ctx *ctx, const ir_module *m, const be_llvm_options *o,
                  const char *out_path) {
  llvm_state s = {0};
  bool ok = pipeline(ctx, m, o, out_path, &s);
  state_dispose(&s);
  return ok;
}

void be_llvm_version(unsigned *major, unsigned *minor, unsigned *patch) {
  LLVMGetVersion(major, minor, patch);
}
