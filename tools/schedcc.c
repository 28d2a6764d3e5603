/* schedcc.c — the driver: parse a C file, run a schedule on its kernels, emit
 * C (or the IR as text).  The pipeline is the whole of main():
 *
 *   fe_parse_file → ir_verify_kernel → sched_parse_file → sched_apply → emit
 *
 * Exit status: 0 success, 1 user error (bad input, bad schedule, refused
 * transform), 2 usage error, 3 internal error.  Nothing is written unless
 * everything succeeded, and the output replaces its file atomically.
 */
#include "backend/be.h"
#include "deps/dep.h"
#include "frontend/fe.h"
#include "machine/mach.h"
#include "schedules/sched.h"
#include "transforms/xf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { EXIT_USER = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

typedef enum emit_kind {
  EMIT_C,
  EMIT_IR,
  EMIT_DEPS,
  EMIT_SCHEDULE,
  EMIT_OBJECT,
  EMIT_ASM,
  EMIT_LLVM,
  EMIT_PARAMS
} emit_kind;

typedef struct options {
  const char *input;
  const char *schedule;
  const char *output; /* NULL or "-": stdout */
  emit_kind emit;
  const char *dump_after;
  bool dump_ir; /* --dump-format=ir (default c) */
  bool remarks; /* -v, --remarks */
  bool unsafe;
  bool line_markers;      /* --line-markers */
  bool gcc;               /* --cc=gcc */
  bool print_target;      /* --print-target */
  const char *wisdom;     /* --wisdom=FILE, else $SCHEDCC_WISDOM */
  const char *target_isa; /* --target-isa= */
  const char *triple;     /* --target= */
  const char *cpu;        /* --mcpu= */
  int opt_level;          /* -O<n>, default 2 */
  /* -D name=value: schedule parameters */
  int ndefines;
  const char **define_names;
  int64_t *define_values;
  /* after "--": compile flags for libclang */
  int nclang;
  const char *const *clang_args;
} options;

static const char usage_text[] =
    "OVERVIEW: schedcc — a schedule-driven source-to-source optimizer for C "
    "kernels\n"
    "\n"
    "USAGE: schedcc [options] <file.c> [-- <compile flags>]\n"
    "\n"
    "OPTIONS:\n"
    "  -s, --schedule <file>   Apply this schedule to the file's kernels\n"
    "  -o <file>               Write the output to <file> ('-' or none: "
    "stdout)\n"
    "  --emit=c                Emit the C file with its kernels regenerated\n"
    "                          (the default)\n"
    "  --emit=ir               Emit the IR of every kernel as text\n"
    "  --emit=deps             Emit the dependences of every kernel\n"
    "  --emit=schedule         Emit the schedule equivalent to the kernels'\n"
    "                          '#pragma omp tile/unroll' directives\n"
    "  --emit=llvm             Emit LLVM IR (.ll) through the LLVM backend\n"
    "  --emit=params           Emit the schedule's tunable parameters "
    "(domains,\n"
    "                          defaults, -D values) and constraints as JSON\n"
    "                          (needs -s; the C file is not parsed)\n"
    "  -c                      Emit an object file through the LLVM backend\n"
    "                          (needs -o)\n"
    "  -S                      Emit assembly through the LLVM backend\n"
    "  --target=<triple>       Target triple for -c/-S/--emit=llvm (default: "
    "host)\n"
    "  --mcpu=<cpu>            Target CPU for -c/-S/--emit=llvm (default: "
    "-march=/\n"
    "                          -mcpu= after '--', else the host's)\n"
    "  -O0, -O1, -O2, -O3      Optimization level of the LLVM backend "
    "(default -O2)\n"
    "  --target-isa=<isa>      Vector ISA: avx512, avx2, sse4.2, neon, "
    "scalar\n"
    "                          (default: what the flags after '--' enable;\n"
    "                          no -march: the baseline, scalar on x86-64;\n"
    "                          a better ISA gets a target attribute)\n"
    "  --cc=<gcc|clang>        Parse as this compiler compiles (default "
    "clang):\n"
    "                          with gcc, what GCC 12 accepts with a warning "
    "but\n"
    "                          clang 19 refuses (implicit function "
    "declarations,\n"
    "                          implicit int, int-conversion, ...) is a "
    "warning\n"
    "                          (schedcc-cc sets it when it wraps gcc)\n"
    "  --line-markers          With --emit=c: a '#line' after every "
    "regenerated\n"
    "                          kernel, so lines keep their numbers, and "
    "one into\n"
    "                          the output before its regenerated lines "
    "(what\n"
    "                          schedcc-cc compiles)\n"
    "  --dump-after=<N|op|all> Print the kernel's C to stderr after the N-th "
    "op run\n"
    "                          (1-based, the order of the -v remarks), after "
    "each\n"
    "                          application of op <op> (e.g. loop.tile), or "
    "after\n"
    "                          every transform op (all)\n"
    "  --dump-format=<c|ir>    What --dump-after prints: the generated C "
    "(default)\n"
    "                          or the IR\n"
    "  -v, --remarks           Say what each schedule op did, as a note at "
    "the op\n"
    "                          (and when a schedule changed nothing), and "
    "where a\n"
    "                          run-time check was inserted\n"
    "  -D <name>=<int>         Set the schedule's tunable parameter <name>\n"
    "                          (param.tunable; C flags go after --)\n"
    "  --unsafe                Skip legality checks (with a warning)\n"
    "  --print-target          Print the machine model schedules read "
    "(param.target)\n"
    "                          for the CPU that -march=/-mcpu= after '--' "
    "or\n"
    "                          --mcpu= name (else the host) and exit\n"
    "  --wisdom=<file>         Tunable values that schedcc-tune --wisdom "
    "recorded\n"
    "                          for this schedule, input and CPU model "
    "(default:\n"
    "                          $SCHEDCC_WISDOM); -D values take precedence\n"
    "  -h, --help              Show this help and exit\n"
    "  --version               Show the version and exit\n"
    "  -- <compile flags>      The rest goes to libclang (-I, -D, -std=, "
    "...) and,\n"
    "                          for -c/-S/--emit=llvm, to clang for the code "
    "outside\n"
    "                          kernels\n"
    "\n"
    "ENVIRONMENT:\n"
    "  SCHEDCC_CLANG           The clang that compiles the code outside "
    "kernels for\n"
    "                          -c/-S/--emit=llvm (default: clang-19)\n"
    "  SCHEDCC_WISDOM          The wisdom file when --wisdom is not given\n"
    "  SCHEDCC_LIB             A directory where a schedule's 'import' "
    "looks for\n"
    "                          files (after the importing file's "
    "directory)\n"
    "  TMPDIR                  Where -c/-S/--emit=llvm write temporary "
    "files\n"
    "                          (default /tmp)\n"
    "  (The compiler wrapper schedcc-cc reads SCHEDCC_CC, SCHEDCC, "
    "SCHEDCC_FLAGS,\n"
    "  SCHEDCC_REMARKS, SCHEDCC_FALLBACK, SCHEDCC_VERBOSE and TMPDIR: see "
    "'man schedcc'.)\n"
    "\n"
    "Kernels are marked with '#pragma schedcc kernel' before a function or "
    "a loop,\n"
    "or enclosed in '#pragma scop' ... '#pragma endscop'.\n"
    "Exit status: 0 success, 1 error in the input or the schedule, 2 usage "
    "error,\n"
    "3 internal error.\n"
    "\n"
    "EXAMPLES:\n"
    "  schedcc bmm.c -s bmm.sched -o bmm.opt.c\n"
    "  schedcc bmm.c --emit=ir\n"
    "  schedcc k.c -s k.sched -o out.c -- -I include -DN=512\n"
    "  schedcc k.c -s k.sched -c -o k.o -O3 -- -I include\n";

static void usage_error(const char *fmt, const char *arg) {
  fputs("schedcc: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nschedcc: note: run 'schedcc --help' for usage\n", stderr);
  exit(EXIT_USAGE);
}

/* The value of an option given as "-x value", "-xvalue" or "--opt=value". */
static const char *option_value(int argc, char **argv, int *i,
                                const char *name) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] != 0 && name[1] != '-') /* -ofile */
    return a + n;
  if (a[n] != 0)
    usage_error("unknown argument: '%s'", a);
  if (*i + 1 >= argc)
    usage_error("argument to '%s' is missing", name);
  return argv[++*i];
}

static bool starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void parse_define(options *o, const char *def) {
  const char *eq = strchr(def, '=');
  char *end = NULL;
  if (!eq || eq == def)
    usage_error("expected -D <name>=<integer>, got '%s'", def);
  errno = 0;
  long long v = strtoll(eq + 1, &end, 0);
  if (errno || end == eq + 1 || *end)
    usage_error("expected -D <name>=<integer>, got '%s'", def);
  o->define_names[o->ndefines] = strndup(def, (size_t)(eq - def));
  o->define_values[o->ndefines] = v;
  o->ndefines++;
}

static void parse_args(options *o, int argc, char **argv) {
  o->define_names = calloc((size_t)argc, sizeof *o->define_names);
  o->define_values = calloc((size_t)argc, sizeof *o->define_values);
  if (!o->define_names || !o->define_values) {
    fputs("schedcc: fatal: out of memory\n", stderr);
    exit(EXIT_INTERNAL);
  }
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      o->nclang = argc - i - 1;
      o->clang_args = (const char *const *)argv + i + 1;
      break;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage_text, stdout);
      exit(0);
    } else if (strcmp(a, "--version") == 0) {
      unsigned major, minor, patch;
      be_llvm_version(&major, &minor, &patch);
      printf("schedcc version %s\n"
             "Frontend: libclang (LLVM 19)\n"
             "Backends: C (--emit=c); LLVM %u.%u.%u (-c, -S, --emit=llvm; "
             "the code outside kernels through $SCHEDCC_CLANG, default "
             "clang-19)\n",
             SCC_VERSION, major, minor, patch);
      exit(0);
    } else if (starts_with(a, "--schedule")) {
      o->schedule = option_value(argc, argv, &i, "--schedule");
    } else if (starts_with(a, "-s")) {
      o->schedule = option_value(argc, argv, &i, "-s");
    } else if (starts_with(a, "-o")) {
      o->output = option_value(argc, argv, &i, "-o");
    } else if (starts_with(a, "--emit")) {
      const char *v = option_value(argc, argv, &i, "--emit");
      if (strcmp(v, "c") == 0)
        o->emit = EMIT_C;
      else if (strcmp(v, "ir") == 0)
        o->emit = EMIT_IR;
      else if (strcmp(v, "deps") == 0)
        o->emit = EMIT_DEPS;
      else if (strcmp(v, "schedule") == 0)
        o->emit = EMIT_SCHEDULE;
      else if (strcmp(v, "llvm") == 0)
        o->emit = EMIT_LLVM;
      else if (strcmp(v, "params") == 0)
        o->emit = EMIT_PARAMS;
      else
        usage_error("invalid value '%s' in '--emit' (expected c, ir, deps, "
                    "schedule, llvm or params)",
                    v);
    } else if (strcmp(a, "-c") == 0) {
      o->emit = EMIT_OBJECT;
    } else if (strcmp(a, "-S") == 0) {
      o->emit = EMIT_ASM;
    } else if (starts_with(a, "--target-isa")) {
      o->target_isa = option_value(argc, argv, &i, "--target-isa");
      ir_isa isa;
      if (!ir_isa_parse(o->target_isa, &isa))
        usage_error("invalid value '%s' in '--target-isa' (expected avx512, "
                    "avx2, sse4.2, neon or scalar)",
                    o->target_isa);
    } else if (starts_with(a, "--target=")) {
      o->triple = option_value(argc, argv, &i, "--target");
    } else if (starts_with(a, "--mcpu")) {
      o->cpu = option_value(argc, argv, &i, "--mcpu");
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' &&
               !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (starts_with(a, "--dump-after")) {
      o->dump_after = option_value(argc, argv, &i, "--dump-after");
      if (!*o->dump_after)
        usage_error("%s", "'--dump-after' needs a value: an op number, an op "
                          "name or 'all'");
      if (strspn(o->dump_after, "0123456789") == strlen(o->dump_after) &&
          strtol(o->dump_after, NULL, 10) < 1)
        usage_error("invalid value '%s' in '--dump-after' (ops are numbered "
                    "from 1)",
                    o->dump_after);
    } else if (starts_with(a, "--dump-format")) {
      const char *v = option_value(argc, argv, &i, "--dump-format");
      if (strcmp(v, "c") != 0 && strcmp(v, "ir") != 0)
        usage_error("invalid value '%s' in '--dump-format' (expected c or "
                    "ir)",
                    v);
      o->dump_ir = strcmp(v, "ir") == 0;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--remarks") == 0) {
      o->remarks = true;
    } else if (strcmp(a, "--unsafe") == 0) {
      o->unsafe = true;
    } else if (starts_with(a, "--cc")) {
      const char *v = option_value(argc, argv, &i, "--cc");
      if (strcmp(v, "gcc") != 0 && strcmp(v, "clang") != 0)
        usage_error("invalid value '%s' in '--cc' (expected gcc or clang)", v);
      o->gcc = strcmp(v, "gcc") == 0;
    } else if (strcmp(a, "--line-markers") == 0) {
      o->line_markers = true;
    } else if (strcmp(a, "--print-target") == 0) {
      o->print_target = true;
    } else if (starts_with(a, "--wisdom")) {
      o->wisdom = option_value(argc, argv, &i, "--wisdom");
    } else if (starts_with(a, "-D")) {
      parse_define(o, option_value(argc, argv, &i, "-D"));
    } else if (a[0] == '-' && a[1] != 0) {
      usage_error("unknown argument: '%s'", a);
    } else if (o->input) {
      usage_error("more than one input file ('%s'); compile flags go after "
                  "'--'",
                  a);
    } else {
      o->input = a;
    }
  }
  if (!o->input && !o->print_target)
    usage_error("%s", "no input file");
}

/* True when the flags after "--" or the options name the CPU, the target
 * or instruction-set extensions (-march=, -mcpu=, --mcpu=, --target=,
 * -mavx2, -mno-avx512f, ...): the LLVM backend compiles for the host
 * otherwise. */
static bool names_target(const options *o) {
  for (int i = 0; i < o->nclang; i++) {
    const char *a = o->clang_args[i];
    if (starts_with(a, "-march=") || starts_with(a, "-mcpu=") ||
        starts_with(a, "--target=") || strcmp(a, "-target") == 0 ||
        starts_with(a, "-mavx") || starts_with(a, "-msse") ||
        starts_with(a, "-mfma") || starts_with(a, "-mno-"))
      return true;
  }
  return o->cpu || o->triple;
}

/* The instruction set rule (docs/ways-in.md): vector code follows the
 * target the compile flags select, as the compiler does (fe_flags_isa: no
 * -march is the target's baseline); the LLVM backend without -march/--mcpu
 * compiles for the host, and so does its vector code. */
static void choose_isa(scc_ctx *ctx, const options *o) {
  bool llvm =
      o->emit == EMIT_OBJECT || o->emit == EMIT_ASM || o->emit == EMIT_LLVM;
  if (llvm && !names_target(o)) {
    ctx->target_isa = o->target_isa; /* NULL: the host's */
    return;
  }
  ctx->enabled_isa = fe_flags_isa(ctx, o->clang_args, o->nclang, &ctx->no_fma);
  ctx->target_isa = o->target_isa ? o->target_isa : ctx->enabled_isa;
}

/* A warning for each kernel whose vector code needs a better ISA than the
 * flags enable: its function is compiled for it (be_target_attr). */
static void warn_target_attrs(scc_ctx *ctx, const ir_module *m) {
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    const char *f = be_target_attr(ctx, k);
    if (!f)
      continue;
    scc_warning(ctx, k->loc,
                "kernel '%s' has %s vector code, which the compile flags do "
                "not enable (they select %s): function '%s' is compiled for "
                "it with __attribute__((target(\"%s\"))), so the program "
                "needs a CPU with %s; to say so for the whole file, add "
                "-m%s or -march=<cpu> to the flags, or choose an isa the "
                "flags enable in the schedule",
                k->name, ir_isa_name(k->isa), ctx->enabled_isa, k->func_name, f,
                f,
                k->isa == IR_ISA_AVX512 ? "avx512f -mfma"
                : k->isa == IR_ISA_AVX2 ? "avx2 -mfma"
                                        : "sse4.2");
  }
}

/* The inline schedules that the frontend derived from the kernels' OpenMP
 * loop directives, as one schedule text (NULL when there are none). */
static char *inline_schedules(scc_ctx *ctx, const ir_module *m) {
  scc_buf b = {0};
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    if (k->inline_schedule)
      scc_buf_puts(&b, k->inline_schedule);
  }
  char *text = b.len ? scc_arena_strndup(ctx->arena, b.data, b.len) : NULL;
  scc_buf_free(&b);
  return text;
}

/* True when `a` and `b` name the same existing file. */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
    return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* --emit=params: the schedule's parameters as JSON, without parsing the C
 * file. */
static int emit_params(scc_ctx *ctx, const options *o, const char *out) {
  if (!o->schedule) {
    scc_error(ctx, (scc_loc){0}, "--emit=params needs a schedule (-s file)");
    return EXIT_USER;
  }
  sched_program *p = sched_parse_file(ctx, o->schedule);
  if (!p || ctx->nerrors)
    return EXIT_USER;
  sched_options so = {.ndefines = o->ndefines,
                      .define_names = o->define_names,
                      .define_values = o->define_values};
  scc_buf text = {0};
  bool ok = sched_params_json(ctx, p, &so, &text) &&
            scc_write_file_atomic(ctx, out, text.data, text.len);
  scc_buf_free(&text);
  return ok && !ctx->nerrors ? 0 : EXIT_USER;
}

/* Wisdom (machine/mach_wisdom.c): the tunable values schedcc-tune
 * recorded for this schedule, input file and CPU model, for the
 * parameters that -D does not set; a note under -v says what was taken. */
static void apply_wisdom(scc_ctx *ctx, const options *o, const sched_program *p,
                         int *ndef, const char *const **names,
                         const int64_t **values) {
  const char *path = o->wisdom ? o->wisdom : getenv("SCHEDCC_WISDOM");
  uint64_t hash;
  if (!path || !*path || !mach_file_hash(o->schedule, &hash))
    return;
  char key[96];
  mach_wisdom_key(ctx->machine, key, sizeof key);
  mach_wisdom w;
  if (!mach_wisdom_find(ctx, path, key, hash, o->input, &w) || w.n == 0)
    return;
  int n = o->ndefines;
  const char **nn = scc_arena_alloc(ctx->arena, sizeof *nn * (size_t)(n + w.n));
  int64_t *vv = scc_arena_alloc(ctx->arena, sizeof *vv * (size_t)(n + w.n));
  for (int i = 0; i < n; i++) {
    nn[i] = o->define_names[i];
    vv[i] = o->define_values[i];
  }
  scc_buf taken = {0};
  for (int i = 0; i < w.n; i++) {
    bool given = false;
    for (int j = 0; j < o->ndefines; j++)
      given |= strcmp(o->define_names[j], w.names[i]) == 0;
    if (given || !sched_params_declares(p, w.names[i]))
      continue;
    nn[n] = w.names[i];
    vv[n++] = w.values[i];
    scc_buf_printf(&taken, "%s%s = %lld", taken.len ? ", " : "", w.names[i],
                   (long long)w.values[i]);
  }
  if (taken.len)
    scc_remark(ctx, (scc_loc){.file = path, .line = w.line, .col = 1},
               "wisdom: %s for '%s' on this CPU model (%s; %.3g ms when "
               "tuned); -D sets a parameter otherwise",
               taken.data, o->schedule, key, w.ms);
  scc_buf_free(&taken);
  *ndef = n;
  *names = nn;
  *values = vv;
}

static int run(scc_ctx *ctx, const options *o) {
  scc_loc none = {0};
  const char *out = o->output ? o->output : "-";
  if (strcmp(out, "-") != 0 && (same_file(out, o->input) ||
                                (o->schedule && same_file(out, o->schedule)))) {
    scc_error(ctx, none, "refusing to overwrite input file '%s' with -o", out);
    return EXIT_USER;
  }
  if (o->unsafe)
    scc_warning(ctx, none, "--unsafe: legality checks are skipped");
  /* -D sets schedule parameters (checked by sched_apply); without a
   * schedule it was most likely meant for the C file: say so. */
  for (int i = 0; !o->schedule && i < o->ndefines; i++)
    scc_warning(ctx, none,
                "-D %s=%lld is ignored: there is no schedule (-s) whose "
                "parameters it could set (compile flags for the C file go "
                "after '--': schedcc k.c -- -D%s=%lld)",
                o->define_names[i], (long long)o->define_values[i],
                o->define_names[i], (long long)o->define_values[i]);
  if (o->emit == EMIT_PARAMS)
    return emit_params(ctx, o, out);

  ir_module *m = fe_parse_file(ctx, o->input, o->clang_args, o->nclang);
  if (!m || ctx->nerrors)
    return EXIT_USER;
  for (int i = 0; i < m->kernels.len; i++)
    if (!ir_verify_kernel(ctx, m->kernels.items[i], "the frontend"))
      return EXIT_INTERNAL;
  /* the kernels' own '#pragma omp parallel for' & co.: warned when wrong */
  if (o->emit != EMIT_SCHEDULE && o->emit != EMIT_PARAMS)
    for (int i = 0; i < m->kernels.len; i++)
      xf_omp_check(ctx, m->kernels.items[i]);

  const char *inline_text = o->schedule ? NULL : inline_schedules(ctx, m);
  if (o->emit == EMIT_SCHEDULE) {
    const char *t = inline_text
                        ? inline_text
                        : "// no '#pragma omp tile' or '#pragma omp unroll' in "
                          "any kernel\n";
    return scc_write_file_atomic(ctx, out, t, strlen(t)) ? 0 : EXIT_USER;
  }
  if (o->schedule || inline_text) {
    sched_program *p =
        o->schedule ? sched_parse_file(ctx, o->schedule)
                    : sched_parse_string(ctx, "<omp directives>", inline_text,
                                         strlen(inline_text));
    if (!p || ctx->nerrors)
      return EXIT_USER;
    scc_buf dump = {0};
    int ndef = o->ndefines;
    const char *const *dnames = o->define_names;
    const int64_t *dvalues = o->define_values;
    if (o->schedule)
      apply_wisdom(ctx, o, p, &ndef, &dnames, &dvalues);
    sched_options so = {
        .ndefines = ndef,
        .define_names = dnames,
        .define_values = dvalues,
        .dump_after = o->dump_after,
        .dump = o->dump_after ? &dump : NULL,
        .dump_kernel = o->dump_ir ? NULL : be_emit_kernel_c,
    };
    /* sched_apply also builds the run-time checks (kernel versioning) of
     * what the transformed code assumes */
    bool ok = sched_apply(ctx, p, m, &so);
    if (dump.len)
      fwrite(dump.data, 1, dump.len, stderr);
    scc_buf_free(&dump);
    if (!ok || ctx->nerrors)
      return EXIT_USER;
  } else {
    if (o->dump_after)
      scc_warning(ctx, none, "--dump-after has no effect without a schedule");
    for (int i = 0; i < m->kernels.len; i++) {
      const ir_kernel *k = m->kernels.items[i];
      scc_remark(ctx, k->loc,
                 "kernel '%s': no schedule (-s file.sched): emitted as "
                 "written",
                 k->name);
    }
    if (m->kernels.len == 0)
      scc_remark(ctx, (scc_loc){o->input, 0, 0},
                 "no kernel in %s: the file is copied unchanged (mark a "
                 "function or loop with '#pragma schedcc kernel' or "
                 "'#pragma scop')",
                 o->input);
  }

  /* the lowering before the emitters: decided once, printed by either */
  be_lower_module(ctx, m);
  if (o->emit != EMIT_IR && o->emit != EMIT_DEPS)
    warn_target_attrs(ctx, m);
  if (o->emit == EMIT_OBJECT || o->emit == EMIT_ASM || o->emit == EMIT_LLVM) {
    if (strcmp(out, "-") == 0 && o->emit == EMIT_OBJECT) {
      scc_error(ctx, none, "-c needs an output file (-o file.o)");
      return EXIT_USER;
    }
    be_llvm_options lo = {
        .kind = o->emit == EMIT_OBJECT ? BE_LLVM_OBJECT
                : o->emit == EMIT_ASM  ? BE_LLVM_ASM
                                       : BE_LLVM_IR,
        .triple = o->triple,
        .cpu = o->cpu,
        .opt_level = o->opt_level,
        .clang_args = o->clang_args,
        .nclang = o->nclang,
    };
    return be_emit_llvm(ctx, m, &lo, out) && !ctx->nerrors ? 0 : EXIT_USER;
  }

  scc_buf text = {0};
  bool ok = true;
  if (o->emit == EMIT_IR)
    ir_print_module(&text, ctx, m);
  else if (o->emit == EMIT_DEPS)
    dep_print_module(&text, ctx, m);
  else if (o->line_markers)
    ok = be_emit_c_line_markers(
        ctx, m, strcmp(out, "-") == 0 ? "<stdout>" : out, &text);
  else
    ok = be_emit_c(ctx, m, &text);
  if (ok && !ctx->nerrors)
    ok = scc_write_file_atomic(ctx, out, text.data ? text.data : "", text.len);
  scc_buf_free(&text);
  return ok && !ctx->nerrors ? 0 : EXIT_USER;
}

/* --cc=gcc: the flags of fe_gcc_compat_flags() before the user's (so a
 * -Werror=<warning> of the user's still applies), for libclang and for the
 * LLVM backend's clang.  *mem is the new array, for the caller to free. */
static void add_gcc_flags(options *o, const char ***mem) {
  const char *const *g = fe_gcc_compat_flags();
  int ng = 0;
  while (g[ng])
    ng++;
  const char **a = calloc((size_t)(ng + o->nclang + 1), sizeof *a);
  if (!a) {
    fputs("schedcc: fatal: out of memory\n", stderr);
    exit(EXIT_INTERNAL);
  }
  for (int i = 0; i < ng; i++)
    a[i] = g[i];
  for (int i = 0; i < o->nclang; i++)
    a[ng + i] = o->clang_args[i];
  o->clang_args = a;
  o->nclang += ng;
  *mem = a;
}

int main(int argc, char **argv) {
  options o = {.opt_level = 2};
  parse_args(&o, argc, argv);
  const char **gcc_args = NULL;
  if (o.gcc)
    add_gcc_flags(&o, &gcc_args);
  scc_ctx *ctx = scc_ctx_new();
  ctx->unsafe = o.unsafe;
  ctx->remarks = o.remarks;
  ctx->machine = mach_select(ctx, o.clang_args, o.nclang, o.cpu);
  int status = 0;
  if (o.print_target) {
    mach_print(stdout, ctx->machine, true);
  } else {
    choose_isa(ctx, &o);
    status = run(ctx, &o);
  }
  scc_ctx_free(ctx);
  for (int i = 0; i < o.ndefines; i++)
    free((void *)o.define_names[i]);
  free(o.define_names);
  free(o.define_values);
  free(gcc_args);
  return status;
}
