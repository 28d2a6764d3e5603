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
#include "frontend/fe.h"
#include "schedules/sched.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { EXIT_USER = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

typedef enum emit_kind { EMIT_C, EMIT_IR } emit_kind;

typedef struct options {
  const char *input;
  const char *schedule;
  const char *output; /* NULL or "-": stdout */
  emit_kind emit;
  const char *dump_after;
  bool unsafe;
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
    "  --emit=c                Emit the C file with its kernels regenerated "
    "(default)\n"
    "  --emit=ir               Emit the IR of every kernel as text\n"
    "  --dump-after=<op|all>   Print the IR to stderr after each application "
    "of\n"
    "                          schedule op <op> (e.g. loop.tile), or after "
    "every op\n"
    "  -D <name>=<int>         Set a schedule parameter\n"
    "  --unsafe                Skip legality checks (with a warning)\n"
    "  --help                  Show this help and exit\n"
    "  --version               Show the version and exit\n"
    "\n"
    "Compile flags after '--' (-I, -D, -std=...) are passed to libclang.\n"
    "Kernels are marked with '#pragma schedcc kernel' before a function or "
    "a loop,\n"
    "or enclosed in '#pragma scop' ... '#pragma endscop'.\n"
    "\n"
    "EXAMPLES:\n"
    "  schedcc bmm.c -s bmm.sched -o bmm.opt.c\n"
    "  schedcc bmm.c --emit=ir\n"
    "  schedcc k.c -s k.sched -o out.c -- -I include -DN=512\n";

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
      printf("schedcc version %s\n"
             "Frontend: libclang (LLVM 19); C backend\n",
             SCC_VERSION);
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
      else
        usage_error("invalid value '%s' in '--emit' (expected c or ir)", v);
    } else if (starts_with(a, "--dump-after")) {
      o->dump_after = option_value(argc, argv, &i, "--dump-after");
    } else if (strcmp(a, "--unsafe") == 0) {
      o->unsafe = true;
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
  if (!o->input)
    usage_error("%s", "no input file");
}

/* True when `a` and `b` name the same existing file. */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
    return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
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

  ir_module *m = fe_parse_file(ctx, o->input, o->clang_args, o->nclang);
  if (!m || ctx->nerrors)
    return EXIT_USER;
  for (int i = 0; i < m->kernels.len; i++)
    if (!ir_verify_kernel(ctx, m->kernels.items[i], "the frontend"))
      return EXIT_INTERNAL;

  if (o->schedule) {
    sched_program *p = sched_parse_file(ctx, o->schedule);
    if (!p || ctx->nerrors)
      return EXIT_USER;
    scc_buf dump = {0};
    sched_options so = {
        .ndefines = o->ndefines,
        .define_names = o->define_names,
        .define_values = o->define_values,
        .dump_after = o->dump_after,
        .dump = o->dump_after ? &dump : NULL,
    };
    bool ok = sched_apply(ctx, p, m, &so);
    if (dump.len)
      fwrite(dump.data, 1, dump.len, stderr);
    scc_buf_free(&dump);
    if (!ok || ctx->nerrors)
      return EXIT_USER;
  } else if (o->dump_after) {
    scc_warning(ctx, none, "--dump-after has no effect without a schedule");
  }

  scc_buf text = {0};
  bool ok = true;
  if (o->emit == EMIT_IR)
    ir_print_module(&text, ctx, m);
  else
    ok = be_emit_c(ctx, m, &text);
  if (ok && !ctx->nerrors)
    ok = scc_write_file_atomic(ctx, out, text.data ? text.data : "", text.len);
  scc_buf_free(&text);
  return ok && !ctx->nerrors ? 0 : EXIT_USER;
}

int main(int argc, char **argv) {
  options o = {0};
  parse_args(&o, argc, argv);
  scc_ctx *ctx = scc_ctx_new();
  ctx->unsafe = o.unsafe;
  int status = run(ctx, &o);
  scc_ctx_free(ctx);
  for (int i = 0; i < o.ndefines; i++)
    free((void *)o.define_names[i]);
  free(o.define_names);
  free(o.define_values);
  return status;
}
