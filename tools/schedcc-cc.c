/* schedcc-cc.c — a drop-in C compiler (`make CC=schedcc-cc`,
 * `cmake -DCMAKE_C_COMPILER=schedcc-cc`, `CC=schedcc-cc ./configure`).
 *
 * Each .c source of a command that has kernels (`#pragma schedcc` or
 * `#pragma scop`, found by a cheap textual scan) and a schedule —
 * `#pragma schedcc schedule("k.sched")` in the file (relative to the
 * file's directory), or k.sched beside k.c, or `#pragma omp tile/unroll`
 * directives (the inline schedule) — is run through schedcc into a
 * directory of its own in $TMPDIR (`schedcc --line-markers`: a `#line`
 * after every regenerated kernel, so the compiler's diagnostics, __FILE__,
 * __LINE__ and debug lines point into the user's file), and the real
 * compiler ($SCHEDCC_CC, default cc) compiles the transformed file instead,
 * under the source's base name (default output names unchanged), with
 * `-iquote <dir of the source>` before the user's flags (a compiler
 * searches the source's own directory first for "..." includes).
 *
 *  - Compiles (-c, -S): each transformed source is compiled by a command
 *    of its own, the other inputs by one command with the rest.
 *  - One-step builds (`cc prog.c -o prog`, `cc a.c b.c -o prog`, make's
 *    built-in rules): each transformed source is compiled to an object in
 *    its temporary directory (the compile flags of the command, without its
 *    outputs, inputs and link-only flags), then the real compiler runs the
 *    command with the objects in place of their sources.
 *  - With -MD/-MMD (or -Wp,-MD,f), the dependency file is rewritten to name
 *    the original source and to list the schedule, so make rebuilds when
 *    the schedule changes.
 *
 *  - -E of such a source (ccache's preprocessor mode, for CC="ccache
 *    schedcc-cc") preprocesses the transformed file, under a first line
 *    marker naming the schedule (ccache's direct mode then counts it among
 *    the object's inputs).  The transformed file's directory name is
 *    derived from the command (make_tmpdir), stable across identical
 *    rebuilds, for SCHEDCC_CC="ccache gcc"; a transformed file that a
 *    diagnostic points into (its regenerated lines) is kept, and named.
 *
 * schedcc's parse (libclang) gets the flags that change how the file
 * parses (-I, -iquote, -isystem, -idirafter, -include, -D, -U, -std=, -O,
 * the -f flags, the warning flags, the target and its ISA -m flags, ...:
 * see parse_flag), then -w (warnings are the real compiler's to give);
 * the real compiler gets every flag.  When the real compiler is gcc
 * (cc_is_gcc), schedcc runs with --cc=gcc: what GCC 12 accepts with a
 * warning and clang 19 refuses (an implicit function declaration) does not
 * stop the parse.  Every other invocation
 * (linking objects, -M/-MM, --version, files without kernels or without
 * a schedule) runs the real compiler with its arguments untouched.  The
 * wrapper never writes next to the user's sources, removes its
 * temporaries, and exits with the real compiler's status.  When schedcc
 * fails, its diagnostics are shown and the compile fails with its status;
 * with SCHEDCC_FALLBACK=1 the original source is compiled instead, with a
 * warning.
 *
 * Libraries (loop.to_library): a transformed source whose kernels call a
 * library carries its link flags in a comment at its top,
 * "schedcc-link: -lopenblas" (backend/be_c.c).  A one-step build
 * adds them at the end of its link command.  A -c compile appends to the
 * transformed source the same text in a section of the object that is
 * not loaded (ELF `.schedcc.link`), and every link command through the
 * wrapper (also a pass-through one: `cc a.o b.o -o prog`) reads the flags
 * back from its .o and .a inputs and adds those not already there, so
 * `make CC=schedcc-cc` links the libraries without a change to the
 * Makefile.  (Linking with the real compiler directly needs the flags by
 * hand: `schedcc -v` says which.)
 *
 * A cross compiler (SCHEDCC_CC=aarch64-linux-gnu-gcc) is asked its target
 * (-dumpmachine), and schedcc parses for it (--target=): the vector ISA
 * (NEON) and the machine model are then the target's.
 *
 * Environment: SCHEDCC_CC (the real compiler, may hold arguments: "ccache
 * gcc"), SCHEDCC (the schedcc binary; default: `schedcc` next to this
 * executable, else the build tree's), SCHEDCC_FLAGS (schedcc options, split
 * on blanks), SCHEDCC_REMARKS (=1: schedcc --remarks), SCHEDCC_FALLBACK,
 * SCHEDCC_VERBOSE (print the commands run), TMPDIR.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SCHEDCC_BUILD_PATH
#define SCHEDCC_BUILD_PATH "schedcc"
#endif

/* ---- small helpers ------------------------------------------------------ */

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fputs("schedcc-cc: fatal: out of memory\n", stderr);
    exit(4);
  }
  return p;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

static char *xprintf(const char *fmt, const char *a, const char *b) {
  size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
  char *r = xmalloc(n);
  snprintf(r, n, fmt, a, b);
  return r;
}

/* A growable argv. */
typedef struct argv_t {
  char **v;
  int n, cap;
} argv_t;

static void push(argv_t *a, const char *s) {
  if (a->n + 2 > a->cap) {
    a->cap = a->cap ? 2 * a->cap : 32;
    char **v = xmalloc(sizeof *v * (size_t)a->cap);
    if (a->n)
      memcpy(v, a->v, sizeof *v * (size_t)a->n);
    free(a->v);
    a->v = v;
  }
  a->v[a->n++] = (char *)s;
  a->v[a->n] = NULL;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool verbose(void) {
  const char *v = getenv("SCHEDCC_VERBOSE");
  return v && *v && strcmp(v, "0") != 0;
}

/* Starts argv (PATH search), echoed under SCHEDCC_VERBOSE.  With pipefd
 * (from pipe()), the child's descriptor `onto` (1 or 2) is the pipe's write
 * end and the parent keeps the read end.  Returns the child's pid, or -1
 * (with a message, the pipe closed) when fork fails. */
static pid_t spawn(char **argv, int *pipefd, int onto) {
  if (verbose()) {
    fputs("schedcc-cc:", stderr);
    for (char **p = argv; *p; p++)
      fprintf(stderr, " %s", *p);
    fputc('\n', stderr);
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "schedcc-cc: error: fork: %s\n", strerror(errno));
    if (pipefd) {
      close(pipefd[0]);
      close(pipefd[1]);
    }
    return -1;
  }
  if (pid == 0) {
    if (pipefd) {
      close(pipefd[0]);
      dup2(pipefd[1], onto);
      close(pipefd[1]);
    }
    execvp(argv[0], argv);
    fprintf(stderr, "schedcc-cc: error: cannot run '%s': %s\n", argv[0],
            strerror(errno));
    _exit(127);
  }
  if (pipefd)
    close(pipefd[1]);
  return pid;
}

/* Waits for pid; returns its exit status (128 + signal when killed, 127
 * when it could not be run or waited for). */
static int wait_for(pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return 127;
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  if (WIFSIGNALED(st))
    return 128 + WTERMSIG(st);
  return 127;
}

/* Runs argv (PATH search) and waits; returns the exit status (128 + signal
 * when killed, 127 when it cannot be run). */
static int run(char **argv) {
  pid_t pid = spawn(argv, NULL, 0);
  return pid < 0 ? 127 : wait_for(pid);
}

/* run(), with the command's stderr copied through a pipe to ours: sets
 * *seen when the text `needle` appears in it (a diagnostic that points into
 * a transformed file). */
static int run_watch(char **argv, const char *needle, bool *seen) {
  int fd[2];
  if (pipe(fd) != 0)
    return run(argv);
  pid_t pid = spawn(argv, fd, 2);
  if (pid < 0)
    return 127;
  size_t nl = strlen(needle), keep = 0;
  char *buf = xmalloc(4096 + nl);
  ssize_t got;
  while ((got = read(fd[0], buf + keep, 4096)) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (write(2, buf + keep, (size_t)got) < 0) {
      /* (stderr closed: keep draining the pipe) */
    }
    size_t n = keep + (size_t)got;
    buf[n] = 0;
    for (size_t i = 0; !*seen && i + nl <= n; i++)
      *seen = memcmp(buf + i, needle, nl) == 0;
    keep = n < nl ? n : nl - 1; /* a needle split across two reads */
    memmove(buf, buf + n - keep, keep);
  }
  close(fd[0]);
  free(buf);
  return wait_for(pid);
}

/* The real compiler's words ($SCHEDCC_CC split on blanks, default cc). */
static void real_cc(argv_t *a) {
  const char *cc = getenv("SCHEDCC_CC");
  if (cc)
    cc += strspn(cc, " \t");
  if (!cc || !*cc)
    cc = "cc";
  char *copy = xstrdup(cc); /* a->v[0] points to it */
  for (char *w = strtok(copy, " \t"); w; w = strtok(NULL, " \t"))
    push(a, w);
}

/* Replaces this process by the real compiler with the arguments untouched. */
static int pass_through(int argc, char **argv) {
  argv_t a = {0};
  real_cc(&a);
  for (int i = 1; i < argc; i++)
    push(&a, argv[i]);
  if (verbose()) {
    fputs("schedcc-cc:", stderr);
    for (char **p = a.v; *p; p++)
      fprintf(stderr, " %s", *p);
    fputc('\n', stderr);
  }
  execvp(a.v[0], a.v);
  fprintf(stderr, "schedcc-cc: error: cannot run '%s': %s\n", a.v[0],
          strerror(errno));
  return 127;
}

/* The whole file at path (binary too), NUL-terminated, *len bytes (len
 * may be NULL); NULL when it cannot be opened.  The caller frees it. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 8192, n = 0, got;
  char *buf = xmalloc(cap);
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n < 2) {
      char *b = xmalloc(cap * 2);
      memcpy(b, buf, n);
      free(buf);
      buf = b;
      cap *= 2;
    }
  }
  fclose(f);
  buf[n] = 0;
  if (len)
    *len = n;
  return buf;
}

/* ---- libraries (loop.to_library) ---------------------------------------- */

static const char link_tag[] = "schedcc-link: ";

/* Adds the flags that follow each "schedcc-link: " in file `path` (text or
 * object) to *flags, once each (copies). */
static void scan_link_flags(const char *path, argv_t *flags) {
  size_t n;
  char *buf = read_file(path, &n);
  if (!buf)
    return;
  size_t tl = sizeof link_tag - 1;
  for (size_t i = 0; i + tl <= n; i++) {
    if (memcmp(buf + i, link_tag, tl) != 0)
      continue;
    size_t q = i + tl;
    for (;;) {
      while (q < n && buf[q] == ' ')
        q++;
      if (q >= n || buf[q] != '-')
        break;
      size_t e = q;
      while (e < n && buf[e] != ' ' && buf[e] != '\n' && buf[e] != 0 &&
             buf[e] != '"' && buf[e] != '\\' && buf[e] != '*')
        e++;
      bool have = false;
      for (int k = 0; k < flags->n; k++)
        have |= strlen(flags->v[k]) == e - q &&
                memcmp(flags->v[k], buf + q, e - q) == 0;
      if (!have) {
        char *fl = xmalloc(e - q + 1);
        memcpy(fl, buf + q, e - q);
        fl[e - q] = 0;
        push(flags, fl);
      }
      q = e;
    }
  }
  free(buf);
}

/* The link flags of the .o and .a inputs of a command. */
static void input_link_flags(int argc, char **argv, argv_t *flags) {
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-' &&
        (ends_with(argv[i], ".o") || ends_with(argv[i], ".a")))
      scan_link_flags(argv[i], flags);
}

/* Appends the flags to c that its arguments do not hold already. */
static void push_link_flags(argv_t *c, const argv_t *flags) {
  for (int k = 0; k < flags->n; k++) {
    bool have = false;
    for (int i = 1; i < c->n; i++)
      have |= strcmp(c->v[i], flags->v[k]) == 0;
    if (!have)
      push(c, flags->v[k]);
  }
}

static void free_flags(argv_t *flags) {
  for (int k = 0; k < flags->n; k++)
    free(flags->v[k]);
  free(flags->v);
}

/* A -c compile of a transformed source that calls a library: its link
 * flags into a section of the object (see "Libraries" above). */
static bool mark_object_flags(const char *tmp) {
  argv_t flags = {0};
  scan_link_flags(tmp, &flags);
  bool ok = true;
  if (flags.n) {
    FILE *f = fopen(tmp, "a");
    ok = f != NULL;
    if (f) {
      fputs("\n#if defined(__ELF__)\n__asm__(\".pushsection .schedcc.link, "
            "\\\"\\\", %progbits\\n.asciz \\\"schedcc-link:",
            f);
      for (int k = 0; k < flags.n; k++)
        fprintf(f, " %s", flags.v[k]);
      fputs("\\\"\\n.popsection\");\n#endif\n", f);
      ok = fclose(f) == 0;
    }
    if (!ok)
      fprintf(stderr, "schedcc-cc: error: cannot append to '%s': %s\n", tmp,
              strerror(errno));
  }
  free_flags(&flags);
  return ok;
}

/* A link command without transformed sources: the real compiler with the
 * link flags of its objects added. */
static int link_through(int argc, char **argv) {
  argv_t flags = {0};
  input_link_flags(argc, argv, &flags);
  if (flags.n == 0)
    return pass_through(argc, argv);
  argv_t c = {0};
  real_cc(&c);
  for (int i = 1; i < argc; i++)
    push(&c, argv[i]);
  push_link_flags(&c, &flags);
  int st = run(c.v);
  free(c.v[0]); /* real_cc's copy of $SCHEDCC_CC */
  free(c.v);
  free_flags(&flags);
  return st;
}

/* The schedcc binary: $SCHEDCC, else `schedcc` beside this executable,
 * else the build tree's. */
static char *find_schedcc(void) {
  const char *env = getenv("SCHEDCC");
  if (env && *env)
    return xstrdup(env);
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash) {
      *slash = 0;
      char *cand = xprintf("%s/%s", self, "schedcc");
      if (access(cand, X_OK) == 0)
        return cand;
      free(cand);
    }
  }
  return xstrdup(SCHEDCC_BUILD_PATH);
}

static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return xstrdup(".");
  if (slash == path)
    return xstrdup("/");
  char *d = xstrdup(path);
  d[slash - path] = 0;
  return d;
}

static const char *base_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* ---- the textual scan -------------------------------------------------- */

/* What the scan of a source found. */
typedef struct scan {
  bool kernels;   /* #pragma schedcc ... or #pragma scop */
  bool omp;       /* #pragma omp tile / unroll */
  char *schedule; /* #pragma schedcc schedule("x"): "x", or NULL */
} scan;

static const char *skip_blanks(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* The word at p: true when it is `w` followed by a non-identifier byte. */
static bool word(const char **p, const char *w) {
  size_t n = strlen(w);
  if (strncmp(*p, w, n) != 0)
    return false;
  char c = (*p)[n];
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
      (c >= '0' && c <= '9') || c == '_')
    return false;
  *p = skip_blanks(*p + n);
  return true;
}

static scan scan_source(const char *text) {
  scan r = {0};
  for (const char *line = text; line && *line;) {
    const char *p = skip_blanks(line);
    if (*p == '#') {
      p = skip_blanks(p + 1);
      if (word(&p, "pragma")) {
        if (word(&p, "scop")) {
          r.kernels = true;
        } else if (word(&p, "schedcc")) {
          r.kernels = true;
          if (word(&p, "schedule") && *p == '(') {
            p = skip_blanks(p + 1);
            if (*p == '"') {
              const char *e = strchr(p + 1, '"');
              if (e && !r.schedule) {
                r.schedule = xstrdup(p + 1);
                r.schedule[e - p - 1] = 0;
              }
            }
          }
        } else if (word(&p, "omp") &&
                   (word(&p, "tile") || word(&p, "unroll"))) {
          r.omp = true;
        }
      }
    }
    line = strchr(line, '\n');
    if (line)
      line++;
  }
  return r;
}

/* ---- the compile ------------------------------------------------------- */

/* Options of the real compiler whose argument is the next word. */
static bool takes_arg(const char *a) {
  static const char *const with_arg[] = {"-o",
                                         "-MF",
                                         "-MT",
                                         "-MQ",
                                         "-I",
                                         "-D",
                                         "-U",
                                         "-include",
                                         "-imacros",
                                         "-isystem",
                                         "-iquote",
                                         "-idirafter",
                                         "-iprefix",
                                         "-isysroot",
                                         "-x",
                                         "-L",
                                         "-Xlinker",
                                         "-Xassembler",
                                         "-Xpreprocessor",
                                         "-aux-info",
                                         "--param",
                                         "-T",
                                         "-u",
                                         "-z",
                                         "-arch",
                                         "-target",
                                         "--sysroot",
                                         "-iwithprefix",
                                         NULL};
  for (int i = 0; with_arg[i]; i++)
    if (strcmp(a, with_arg[i]) == 0)
      return true;
  return false;
}

/* -m flags for an instruction-set extension (`-mavx2`, `-mno-fma`,
 * `-mavx512f`): they define macros (__AVX2__, ...) that headers and the
 * source test. */
static bool isa_flag(const char *a) {
  static const char *const isa[] = {
      "sse",     "ssse3", "avx",     "fma",   "f16c", "bmi",   "popcnt",
      "lzcnt",   "aes",   "pclmul",  "sha",   "mmx",  "3dnow", "xop",
      "adx",     "rdrnd", "rdseed",  "movbe", "gfni", "vaes",  "vpclmulqdq",
      "amx",     "crc32", "prfchw",  "xsave", "cx16", "sahf",  "tbm",
      "altivec", "vsx",   "simd128", "sve",   "neon", NULL};
  const char *f = a + 2;
  if (starts_with(f, "no-"))
    f += 3;
  for (int i = 0; isa[i]; i++)
    if (starts_with(f, isa[i]))
      return true;
  return false;
}

/* -f flags that make clang read a file or load code (a profile in gcc's
 * format, a gcc plugin): for the real compiler only. */
static bool file_f_flag(const char *a) {
  static const char *const prefix[] = {"-fprofile-use",
                                       "-fprofile-instr-use",
                                       "-fprofile-sample-use",
                                       "-fauto-profile",
                                       "-fplugin",
                                       "-fpass-plugin",
                                       "-fsanitize-ignorelist",
                                       "-fsanitize-blacklist",
                                       "-fmodule",
                                       "-fprebuilt-module",
                                       NULL};
  for (int i = 0; prefix[i]; i++)
    if (starts_with(a, prefix[i]))
      return true;
  return false;
}

/* True for a flag (one word: joined value, or no value) that changes how
 * the file parses, so schedcc's frontend (libclang) must see it too:
 * include paths and forced includes, macros, the language standard, the
 * optimization level (__OPTIMIZE__), OpenMP (_OPENMP), the target and its
 * instruction-set extensions, the -f flags (char signedness, -fgnu89-inline,
 * ... define macros or change the language; a GCC-only one such as
 * -fopt-info-vec is a flag clang does not know, which the parse ignores)
 * and the warning flags (-Wno-error=implicit-function-declaration decides
 * whether clang's parse fails; -Wl, -Wa, -Wp, are not warnings).  Linker
 * and assembler flags, -f flags that read files (file_f_flag) and the
 * rest are for the real compiler only. */
static bool parse_flag(const char *a) {
  static const char *const exact[] = {"-ansi",
                                      "-pthread",
                                      "-nostdinc",
                                      "-undef",
                                      "-m16",
                                      "-m32",
                                      "-m64",
                                      "-mx32",
                                      "-msoft-float",
                                      "-mhard-float",
                                      "-mthumb",
                                      "-marm",
                                      "-mbig-endian",
                                      "-mlittle-endian",
                                      "-fsigned-char",
                                      "-fno-signed-char",
                                      "-funsigned-char",
                                      "-fno-unsigned-char",
                                      "-ffast-math",
                                      "-fno-fast-math",
                                      "-ffinite-math-only",
                                      "-fno-finite-math-only",
                                      "-fmath-errno",
                                      "-fno-math-errno",
                                      "-ffreestanding",
                                      "-fhosted",
                                      "-fgnu89-inline",
                                      "-fno-gnu89-inline",
                                      "-fPIC",
                                      "-fpic",
                                      "-fPIE",
                                      "-fpie",
                                      "-fno-PIC",
                                      "-fno-pic",
                                      "-fno-PIE",
                                      "-fno-pie",
                                      "-fshort-enums",
                                      "-fno-short-enums",
                                      "-fshort-wchar",
                                      "-fno-short-wchar",
                                      "-fms-extensions",
                                      "-fdollars-in-identifiers",
                                      "-fno-dollars-in-identifiers",
                                      "-fno-asm",
                                      "-fgnu-keywords",
                                      "-fno-gnu-keywords",
                                      "-fno-openmp",
                                      NULL};
  static const char *const prefix[] = {
      "-I",         "-D",       "-U",         "-iquote",   "-isystem",
      "-idirafter", "-include", "-imacros",   "-std=",     "--std=",
      "-O",         "-fopenmp", "--sysroot=", "-isysroot", "--target=",
      "-march=",    "-mcpu=",   "-mtune=",    "-mfpu=",    "-mfloat-abi=",
      "-mabi=",     NULL};
  for (int i = 0; exact[i]; i++)
    if (strcmp(a, exact[i]) == 0)
      return true;
  for (int i = 0; prefix[i]; i++)
    if (starts_with(a, prefix[i]))
      return true;
  if (starts_with(a, "-f"))
    return !file_f_flag(a);
  if (starts_with(a, "-W"))
    return !starts_with(a, "-Wl,") && !starts_with(a, "-Wa,") &&
           !starts_with(a, "-Wp,");
  return starts_with(a, "-m") && isa_flag(a);
}

/* Flags of parse_flag's kind whose value is the next word. */
static bool parse_flag_with_arg(const char *a) {
  static const char *const with_arg[] = {"-I",        "-D",       "-U",
                                         "-iquote",   "-isystem", "-idirafter",
                                         "-include",  "-imacros", "-isysroot",
                                         "--sysroot", "-target",  NULL};
  for (int i = 0; with_arg[i]; i++)
    if (strcmp(a, with_arg[i]) == 0)
      return true;
  return false;
}

/* Flags for the link only, left out of a compile (-c) that the wrapper
 * runs for a one-step build (`cc prog.c -o prog`); *skip_next when the
 * value is the next word. */
static bool link_only(const char *a, bool *skip_next) {
  static const char *const with_arg[] = {"-o", "-L", "-l", "-Xlinker",
                                         "-T", "-u", "-z", NULL};
  static const char *const exact[] = {
      "-static",       "-shared",     "-rdynamic",      "-pie",
      "-no-pie",       "-static-pie", "-nostdlib",      "-nodefaultlibs",
      "-nostartfiles", "-s",          "-static-libgcc", NULL};
  *skip_next = false;
  for (int i = 0; with_arg[i]; i++)
    if (strcmp(a, with_arg[i]) == 0) {
      *skip_next = true;
      return true;
    }
  for (int i = 0; exact[i]; i++)
    if (strcmp(a, exact[i]) == 0)
      return true;
  return starts_with(a, "-l") || starts_with(a, "-L") ||
         starts_with(a, "-Wl,") || starts_with(a, "-fuse-ld=") ||
         starts_with(a, "--rtlib=");
}

/* One source of the invocation that is transformed. */
typedef struct job {
  int argi;      /* its index in argv */
  char *orig;    /* as given */
  char *dir;     /* its directory (for -iquote) */
  char *sched;   /* the schedule file, or NULL (the inline schedule) */
  char *tmpdir;  /* $TMPDIR/schedcc-cc-<hash> (see make_tmpdir) */
  char *tmp;     /* tmpdir/<base name>: the transformed source */
  char *obj;     /* one-step builds: tmpdir/<base>.o, or NULL */
  bool fallback; /* schedcc failed: compile the original */
  bool keep;     /* a diagnostic of the compiler points into tmp */
} job;

/* Removes the temporaries, except a transformed source that the
 * compiler's diagnostics point into (its regenerated lines): that one is
 * kept, and its name said. */
static void cleanup(job *jobs, int n) {
  for (int i = 0; i < n; i++) {
    if (jobs[i].keep && jobs[i].tmp)
      fprintf(stderr,
              "schedcc-cc: note: the source with the regenerated kernels of "
              "'%s' is kept as '%s' for the diagnostics above\n",
              jobs[i].orig, jobs[i].tmp);
    else if (jobs[i].tmp)
      unlink(jobs[i].tmp);
    if (jobs[i].obj)
      unlink(jobs[i].obj);
    if (jobs[i].tmpdir)
      rmdir(jobs[i].tmpdir);
    free(jobs[i].dir);
    free(jobs[i].sched);
    free(jobs[i].tmpdir);
    free(jobs[i].tmp);
    free(jobs[i].obj);
  }
}

/* Escapes a path for a make rule (spaces, '#', '$'). */
static void put_make_path(FILE *f, const char *p) {
  for (; *p; p++) {
    if (*p == ' ' || *p == '#')
      fputc('\\', f);
    else if (*p == '$')
      fputc('$', f);
    fputc(*p, f);
  }
}

/* Writes text [p, end) with the temporary source path j->tmp replaced by
 * the original path. */
static void put_replaced(FILE *f, const char *p, const char *end,
                         const job *j) {
  size_t tl = strlen(j->tmp);
  while (p < end) {
    const char *hit = strstr(p, j->tmp);
    if (!hit || hit + tl > end) {
      fwrite(p, 1, (size_t)(end - p), f);
      return;
    }
    fwrite(p, 1, (size_t)(hit - p), f);
    put_make_path(f, j->orig);
    p = hit + tl;
  }
}

/* Rewrites the dependency file `d`: the temporary source path becomes the
 * original one, and the schedule joins the prerequisites of the first rule
 * (the object's: make, and CMake's depfile reader, see it there), with a
 * phony rule of its own under -MP. */
static bool fix_deps(const char *d, const job *j, bool mp) {
  char *text = read_file(d, NULL);
  if (!text)
    return true; /* no dep file written (e.g. the compile failed) */
  char *tmpf = xprintf("%s%s", d, ".schedcc-cc.tmp");
  FILE *f = fopen(tmpf, "wb");
  if (!f) {
    fprintf(stderr, "schedcc-cc: error: cannot write '%s': %s\n", tmpf,
            strerror(errno));
    free(text);
    free(tmpf);
    return false;
  }
  /* The end of the first rule: the first newline not escaped by '\'. */
  const char *rule_end = NULL;
  for (const char *p = text; *p && !rule_end; p++)
    if (*p == '\n' && !(p > text && p[-1] == '\\'))
      rule_end = p;
  if (!rule_end)
    rule_end = text + strlen(text);
  put_replaced(f, text, rule_end, j);
  if (j->sched) {
    fputs(" \\\n ", f);
    put_make_path(f, j->sched);
  }
  if (!*rule_end)
    fputc('\n', f);
  put_replaced(f, rule_end, rule_end + strlen(rule_end), j);
  if (j->sched && mp) {
    put_make_path(f, j->sched);
    fputs(":\n", f);
  }
  bool ok = fclose(f) == 0 && rename(tmpf, d) == 0;
  if (!ok)
    fprintf(stderr, "schedcc-cc: error: cannot update '%s': %s\n", d,
            strerror(errno));
  free(text);
  free(tmpf);
  return ok;
}

/* The dependency file the compiler writes for source `src`: -MF, else the
 * -o name with its suffix replaced by .d, else <base>.d in the cwd. */
static char *dep_file(const char *mf, const char *out, const char *src) {
  if (mf)
    return xstrdup(mf);
  const char *from = out ? out : base_of(src);
  char *d = xmalloc(strlen(from) + 3);
  strcpy(d, from);
  char *dot = strrchr(d, '.');
  char *slash = strrchr(d, '/');
  if (dot && (!slash || dot > slash))
    *dot = 0;
  strcat(d, ".d");
  return d;
}

/* What the command line asks for. */
typedef struct cmdline {
  bool compile;         /* -c or -S */
  bool E;               /* -E (alone: without -M, -MM, -fsyntax-only) */
  bool preprocess_only; /* -E, -M, -MM, -fsyntax-only */
  bool other_pp;        /* -M, -MM, -fsyntax-only */
  bool other_lang;      /* -x: an explicit language */
  bool deps, mp;        /* -MD/-MMD (or -Wp,-MD,f), -MP */
  bool has_mt;          /* -MT/-MQ given */
  const char *out, *mf; /* -o, -MF (or the file of -Wp,-MD,f) */
  char *wp_mf;          /* the copy behind mf for -Wp,-MD,f */
  int nsrc;             /* .c sources */
} cmdline;

/* -Wp,-MD,f / -Wp,-MMD,f (as in Linux's kbuild): like -MD -MF f. */
static void read_wp(cmdline *c, const char *a) {
  char *copy = xstrdup(a + 4);
  char *save = NULL;
  for (char *w = strtok_r(copy, ",", &save); w;
       w = strtok_r(NULL, ",", &save)) {
    if (strcmp(w, "-MD") == 0 || strcmp(w, "-MMD") == 0) {
      char *f = strtok_r(NULL, ",", &save);
      c->deps = true;
      if (f) {
        free(c->wp_mf);
        c->wp_mf = xstrdup(f);
        c->mf = c->wp_mf;
      }
    } else if (strcmp(w, "-MP") == 0) {
      c->mp = true;
    } else if (strcmp(w, "-MT") == 0 || strcmp(w, "-MQ") == 0) {
      c->has_mt = true;
    }
  }
  free(copy);
}

static cmdline read_cmdline(int argc, char **argv) {
  cmdline c = {0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0)
      c.compile = true;
    else if (strcmp(a, "-E") == 0 || strcmp(a, "-M") == 0 ||
             strcmp(a, "-MM") == 0 || strcmp(a, "-fsyntax-only") == 0) {
      c.preprocess_only = true;
      c.E = strcmp(a, "-E") == 0 && (c.E || !c.other_pp);
      c.other_pp |= strcmp(a, "-E") != 0;
    } else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0)
      c.deps = true;
    else if (strcmp(a, "-MP") == 0)
      c.mp = true;
    else if (starts_with(a, "-MT") || starts_with(a, "-MQ"))
      c.has_mt = true;
    else if (starts_with(a, "-Wp,"))
      read_wp(&c, a);
    else if (strcmp(a, "-x") == 0 || starts_with(a, "-x"))
      c.other_lang = true; /* explicit language: not ours to judge */
    if (takes_arg(a) && i + 1 < argc) {
      if (strcmp(a, "-o") == 0)
        c.out = argv[i + 1];
      else if (strcmp(a, "-MF") == 0)
        c.mf = argv[i + 1];
      i++;
      continue;
    }
    if (starts_with(a, "-o") && a[2])
      c.out = a + 2;
    else if (starts_with(a, "-MF") && a[3])
      c.mf = a + 3;
    else if (a[0] != '-' && ends_with(a, ".c"))
      c.nsrc++;
  }
  return c;
}

/* True when argv[i] is an input operand (a source, an object, a library;
 * not an option or an option's value). */
static bool is_input(char **argv, int i) {
  return argv[i][0] != '-' && !(i > 1 && takes_arg(argv[i - 1]));
}

/* Never silent: a schedule beside a source without kernels (the
 * `#pragma schedcc kernel` forgotten) is a warning; the source is compiled
 * as written. */
static void warn_schedule_without_kernels(const char *src) {
  char *sched = xstrdup(src);
  sched[strlen(sched) - 2] = 0;
  char *path = xprintf("%s%s", sched, ".sched");
  if (access(path, R_OK) == 0)
    fprintf(stderr,
            "schedcc-cc: warning: '%s' is not applied: %s has no kernel "
            "(mark a function or loop with '#pragma schedcc kernel' or "
            "'#pragma scop'); compiling it as written\n",
            path, src);
  free(path);
  free(sched);
}

/* The sources of the command that have kernels and a schedule. */
static int find_jobs(int argc, char **argv, job *jobs) {
  int njobs = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (takes_arg(a)) {
      i++;
      continue;
    }
    if (a[0] == '-' || !ends_with(a, ".c"))
      continue;
    char *text = read_file(a, NULL);
    if (!text)
      continue; /* the compiler reports it */
    scan sc = scan_source(text);
    free(text);
    if (!sc.kernels) {
      warn_schedule_without_kernels(a);
      continue;
    }
    char *dir = dir_of(a);
    char *sched = NULL;
    if (sc.schedule) {
      sched = sc.schedule[0] == '/'   ? xstrdup(sc.schedule)
              : strcmp(dir, ".") == 0 ? xstrdup(sc.schedule)
                                      : xprintf("%s/%s", dir, sc.schedule);
    } else {
      char *beside = xstrdup(a);
      beside[strlen(beside) - 2] = 0;
      sched = xprintf("%s%s", beside, ".sched");
      free(beside);
      if (access(sched, R_OK) != 0) {
        free(sched);
        sched = NULL;
      }
    }
    free(sc.schedule);
    if (!sched && !sc.omp) {
      free(dir);
      continue; /* kernels, but nothing to apply */
    }
    job *j = &jobs[njobs++];
    memset(j, 0, sizeof *j);
    j->argi = i;
    j->orig = (char *)a;
    j->dir = dir;
    j->sched = sched;
  }
  return njobs;
}

/* FNV-1a, 64 bits (Fowler, Noll, Vo), over a NUL-terminated string and
 * its terminator. */
static uint64_t fnv1a(uint64_t h, const char *s) {
  do {
    h ^= (unsigned char)*s;
    h *= 0x100000001b3ULL;
  } while (*s++);
  return h;
}

/* The directory of job j's transformed source: $TMPDIR/schedcc-cc-<hash>,
 * the hash of the user id, the working directory, the whole command and
 * the source's place in it, so that the same command (an identical
 * rebuild) compiles the transformed file under the same name: a compiler
 * cache (SCHEDCC_CC="ccache gcc") hashes the source's path.  When that
 * name is taken by something that is not our directory, a fresh one
 * (mkdtemp) instead. */
static bool make_tmpdir(job *j, int argc, char **argv) {
  const char *tmproot = getenv("TMPDIR");
  if (!tmproot || !*tmproot)
    tmproot = "/tmp";
  uint64_t h = 0xcbf29ce484222325ULL;
  char num[64];
  snprintf(num, sizeof num, "%lu %d", (unsigned long)getuid(), j->argi);
  h = fnv1a(h, num);
  char cwd[PATH_MAX];
  h = fnv1a(h, getcwd(cwd, sizeof cwd) ? cwd : "");
  for (int i = 0; i < argc; i++)
    h = fnv1a(h, argv[i]);
  snprintf(num, sizeof num, "schedcc-cc-%016llx", (unsigned long long)h);
  j->tmpdir = xprintf("%s/%s", tmproot, num);
  struct stat st;
  if (mkdir(j->tmpdir, 0700) == 0 ||
      (errno == EEXIST && lstat(j->tmpdir, &st) == 0 && S_ISDIR(st.st_mode) &&
       st.st_uid == getuid()))
    return true;
  free(j->tmpdir);
  j->tmpdir = xprintf("%s/%s", tmproot, "schedcc-cc.XXXXXX");
  if (mkdtemp(j->tmpdir))
    return true;
  fprintf(stderr, "schedcc-cc: error: cannot create a directory in '%s': %s\n",
          tmproot, strerror(errno));
  free(j->tmpdir);
  j->tmpdir = NULL;
  return false;
}

/* $SCHEDCC_FLAGS (words split on blanks) and --remarks for
 * SCHEDCC_REMARKS=1: options for schedcc itself.  Returns the copy of
 * $SCHEDCC_FLAGS that s points into (the caller frees it after s), or NULL. */
static char *schedcc_options(argv_t *s) {
  const char *r = getenv("SCHEDCC_REMARKS");
  if (r && *r && strcmp(r, "0") != 0)
    push(s, "--remarks");
  const char *f = getenv("SCHEDCC_FLAGS");
  if (!f || !*f)
    return NULL;
  char *copy = xstrdup(f);
  for (char *w = strtok(copy, " \t\n"); w; w = strtok(NULL, " \t\n"))
    push(s, w);
  return copy;
}

static int run_capture(char **argv, char **out, size_t *len);

/* The compiler's own name in the real compiler's words: the first word
 * that is neither a launcher (ccache, sccache, distcc, icecc) nor a flag. */
static const char *cc_name(char **words) {
  static const char *const launchers[] = {"ccache", "sccache", "distcc",
                                          "icecc", NULL};
  for (char **w = words; *w; w++) {
    bool launcher = false;
    for (int i = 0; launchers[i]; i++)
      launcher |= strcmp(base_of(*w), launchers[i]) == 0;
    if (!launcher && (*w)[0] != '-')
      return base_of(*w);
  }
  return "";
}

/* True when the real compiler is gcc: its name says so (gcc, gcc-12,
 * x86_64-linux-gnu-gcc; clang-19 says not), else (cc, c99) the compiler
 * is asked for its predefined macros: __GNUC__ without __clang__. */
static bool cc_is_gcc(void) {
  argv_t c = {0};
  real_cc(&c);
  const char *name = cc_name(c.v);
  bool gcc;
  if (strstr(name, "clang"))
    gcc = false;
  else if (strstr(name, "gcc"))
    gcc = true;
  else {
    push(&c, "-dM");
    push(&c, "-E");
    push(&c, "-x");
    push(&c, "c");
    push(&c, "/dev/null");
    char *out;
    size_t len;
    gcc = run_capture(c.v, &out, &len) == 0 &&
          strstr(out, "#define __GNUC__") && !strstr(out, "#define __clang__");
    free(out);
  }
  free(c.v[0]); /* real_cc's copy of $SCHEDCC_CC */
  free(c.v);
  return gcc;
}

/* The architecture this program was built for, as target triples begin. */
static const char *host_arch(void) {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "";
#endif
}

/* The target triple of a cross compiler (SCHEDCC_CC=aarch64-linux-gnu-gcc:
 * "aarch64-linux-gnu", from `-dumpmachine`, which GCC and Clang answer),
 * as a --target= flag for schedcc's parse, so that the vector ISA and the
 * machine model are the target's; NULL when the compiler builds for the
 * host's architecture, when the user's flags name a target, or when it
 * does not answer.  Freed by the caller. */
static char *cross_target(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (starts_with(argv[i], "--target=") || strcmp(argv[i], "-target") == 0)
      return NULL;
  argv_t c = {0};
  real_cc(&c);
  push(&c, "-dumpmachine");
  char *out;
  size_t len;
  char *flag = NULL;
  if (run_capture(c.v, &out, &len) == 0 && len > 0) {
    out[strcspn(out, "\r\n")] = 0;
    const char *h = host_arch();
    if (*out && !(starts_with(out, h) && out[strlen(h)] == '-'))
      flag = xprintf("--target=%s%s", out, "");
  }
  free(out);
  free(c.v[0]); /* real_cc's copy of $SCHEDCC_CC */
  free(c.v);
  return flag;
}

/* Runs schedcc on job j: the transformed source, with line markers, into a
 * directory of its own under $TMPDIR.  Returns schedcc's status. */
static int transform(job *j, const char *schedcc, int argc, char **argv) {
  if (!make_tmpdir(j, argc, argv))
    return 1;
  j->tmp = xprintf("%s/%s", j->tmpdir, base_of(j->orig));
  argv_t s = {0};
  push(&s, schedcc);
  char *flags = schedcc_options(&s);
  push(&s, j->orig);
  if (j->sched) {
    push(&s, "-s");
    push(&s, j->sched);
  }
  push(&s, "-o");
  push(&s, j->tmp);
  push(&s, "--line-markers");
  if (cc_is_gcc())
    push(&s, "--cc=gcc");
  push(&s, "--");
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (parse_flag_with_arg(a) && i + 1 < argc) {
      push(&s, a);
      push(&s, argv[++i]);
    } else if (takes_arg(a)) {
      i++;
    } else if (parse_flag(a)) {
      push(&s, a);
    }
  }
  char *target = cross_target(argc, argv);
  if (target)
    push(&s, target);
  push(&s, "-w"); /* the real compiler warns about the transformed file */
  int st = run(s.v);
  free(s.v);
  free(flags);
  free(target);
  return st;
}

/* Starts a real-compiler command for job j (NULL: for the sources that are
 * not transformed): the compiler's words, then `-iquote <dir of the
 * source>` before every user flag (a compiler searches the source's own
 * directory first for "..." includes, before any -iquote). */
static void start_cc(argv_t *c, const job *j) {
  real_cc(c);
  if (j) {
    push(c, "-iquote");
    push(c, j->dir);
  }
}

static void finish_cc(argv_t *c) {
  free(c->v[0]); /* real_cc's copy of $SCHEDCC_CC */
  free(c->v);
}

/* -c/-S of one or more sources: each transformed source is compiled by a
 * command of its own (its -iquote directory applies to it alone), the
 * other inputs by one command with the remaining arguments. */
static int compile_jobs(int argc, char **argv, const cmdline *cl, job *jobs,
                        int njobs) {
  int status = 0;
  bool rest = false;
  for (int i = 1; i < argc; i++)
    if (is_input(argv, i)) {
      bool transformed = false;
      for (int n = 0; n < njobs; n++)
        transformed |= jobs[n].argi == i && !jobs[n].fallback;
      rest |= !transformed;
    }
  for (int n = 0; n < njobs && status == 0; n++) {
    if (jobs[n].fallback)
      continue;
    if (!mark_object_flags(jobs[n].tmp)) {
      status = 1;
      break;
    }
    argv_t c = {0};
    start_cc(&c, &jobs[n]);
    for (int i = 1; i < argc; i++) {
      if (i == jobs[n].argi)
        push(&c, jobs[n].tmp);
      else if (!is_input(argv, i))
        push(&c, argv[i]);
    }
    status = run_watch(c.v, jobs[n].tmp, &jobs[n].keep);
    jobs[n].keep &= status != 0;
    finish_cc(&c);
    if (status == 0 && cl->deps) {
      char *d = dep_file(cl->mf, cl->out, jobs[n].orig);
      if (!fix_deps(d, &jobs[n], cl->mp))
        status = 1;
      free(d);
    }
  }
  if (status == 0 && rest) {
    argv_t c = {0};
    start_cc(&c, NULL);
    for (int i = 1; i < argc; i++) {
      bool skip = false;
      for (int n = 0; n < njobs; n++)
        skip |= jobs[n].argi == i && !jobs[n].fallback;
      if (!skip)
        push(&c, argv[i]);
    }
    status = run(c.v);
    finish_cc(&c);
    for (int n = 0; n < njobs && status == 0 && cl->deps; n++)
      if (jobs[n].fallback) { /* the dependency file still lists the schedule */
        char *d = dep_file(cl->mf, cl->out, jobs[n].orig);
        if (!fix_deps(d, &jobs[n], cl->mp))
          status = 1;
        free(d);
      }
  }
  return status;
}

/* A one-step build (`cc prog.c -o prog`, `cc a.c b.c -o prog`): each
 * transformed source is compiled to an object in its temporary directory
 * (the command's compile flags, without its outputs, inputs and link-only
 * flags), then the real compiler runs the original command with those
 * objects in place of their sources (the other sources are compiled there,
 * as they would have been). */
static int link_jobs(int argc, char **argv, const cmdline *cl, job *jobs,
                     int njobs) {
  int status = 0;
  for (int n = 0; n < njobs && status == 0; n++) {
    job *j = &jobs[n];
    if (j->fallback)
      continue;
    char *base = xstrdup(base_of(j->orig));
    base[strlen(base) - 2] = 0;
    j->obj = xprintf("%s/%s.o", j->tmpdir, base);
    argv_t c = {0};
    start_cc(&c, j);
    char *d = cl->deps ? dep_file(cl->mf, cl->out, j->orig) : NULL;
    char *target =
        cl->deps && !cl->has_mt
            ? (cl->out ? xstrdup(cl->out) : xprintf("%s%s", base, ".o"))
            : NULL;
    for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      bool skip_next;
      if (is_input(argv, i) || (starts_with(a, "-Wp,") && strstr(a, "MD,")))
        continue; /* inputs: sources, objects, libraries; -Wp,-MD,f: -MD
                     -MF f below */
      if (strcmp(a, "-MF") == 0) {
        i++;
        continue;
      }
      if (starts_with(a, "-MF"))
        continue;
      if (link_only(a, &skip_next)) {
        i += skip_next;
        continue;
      }
      push(&c, a);
    }
    if (cl->deps) { /* as the compiler would for the original */
      bool md = false;
      for (int i = 1; i < argc; i++)
        md |= strcmp(argv[i], "-MD") == 0 || strcmp(argv[i], "-MMD") == 0;
      if (!md)
        push(&c, "-MD");
      push(&c, "-MF");
      push(&c, d);
      if (target) {
        push(&c, "-MT");
        push(&c, target);
      }
    }
    push(&c, "-c");
    push(&c, j->tmp);
    push(&c, "-o");
    push(&c, j->obj);
    status = run_watch(c.v, j->tmp, &j->keep);
    j->keep &= status != 0;
    finish_cc(&c);
    if (status == 0 && d && !fix_deps(d, j, cl->mp))
      status = 1;
    free(d);
    free(target);
    free(base);
  }
  if (status != 0)
    return status;
  argv_t c = {0};
  start_cc(&c, NULL);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    for (int n = 0; n < njobs; n++)
      if (jobs[n].argi == i && jobs[n].obj)
        a = jobs[n].obj;
    push(&c, a);
  }
  argv_t flags = {0};
  for (int n = 0; n < njobs; n++)
    if (!jobs[n].fallback)
      scan_link_flags(jobs[n].tmp, &flags);
  input_link_flags(argc, argv, &flags);
  push_link_flags(&c, &flags);
  status = run(c.v);
  free_flags(&flags);
  finish_cc(&c);
  return status;
}

/* Runs argv with its stdout read into *out (NUL-terminated, *len bytes);
 * returns the exit status as run() does. */
static int run_capture(char **argv, char **out, size_t *len) {
  int fd[2];
  *out = NULL;
  *len = 0;
  if (pipe(fd) != 0)
    return 127;
  pid_t pid = spawn(argv, fd, 1);
  if (pid < 0)
    return 127;
  size_t cap = 65536, n = 0;
  char *buf = xmalloc(cap);
  ssize_t got;
  while ((got = read(fd[0], buf + n, cap - n - 1)) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    n += (size_t)got;
    if (cap - n < 2) {
      char *b = xmalloc(cap * 2);
      memcpy(b, buf, n);
      free(buf);
      buf = b;
      cap *= 2;
    }
  }
  close(fd[0]);
  buf[n] = 0;
  *out = buf;
  *len = n;
  return wait_for(pid);
}

/* `-E` of a source with kernels and a schedule (what ccache runs in its
 * preprocessor mode for CC="ccache schedcc-cc" and CMake's
 * CMAKE_C_COMPILER_LAUNCHER=ccache): the transformed source is
 * preprocessed, so what ccache hashes is the code the compile builds; the
 * temporary's name is replaced by the original's, and the output starts
 * with a line marker naming the schedule, so that ccache's direct mode
 * counts the schedule among the files the result depends on (as it counts
 * the headers named by line markers).  Output: -o, else stdout. */
static int preprocess_job(int argc, char **argv, const cmdline *cl, job *j) {
  /* the object compiled from the preprocessed text (ccache) carries the
   * link flags of library calls too */
  if (!mark_object_flags(j->tmp))
    return 1;
  argv_t c = {0};
  start_cc(&c, j);
  for (int i = 1; i < argc; i++) {
    if (i == j->argi)
      push(&c, j->tmp);
    else if (strcmp(argv[i], "-o") == 0)
      i++;
    else if (!(starts_with(argv[i], "-o") && argv[i][2]))
      push(&c, argv[i]);
  }
  char *text;
  size_t len;
  int status = run_capture(c.v, &text, &len);
  finish_cc(&c);
  if (status == 0 && cl->deps) {
    char *d = dep_file(cl->mf, cl->out, j->orig);
    if (!fix_deps(d, j, cl->mp))
      status = 1;
    free(d);
  }
  FILE *f = stdout;
  if (status == 0 && cl->out && strcmp(cl->out, "-") != 0) {
    f = fopen(cl->out, "wb");
    if (!f) {
      fprintf(stderr, "schedcc-cc: error: cannot write '%s': %s\n", cl->out,
              strerror(errno));
      status = 1;
    }
  }
  if (status == 0) {
    if (j->sched) {
      fputs("# 1 \"", f);
      fputs(j->sched, f);
      fputs("\"\n", f);
    }
    size_t tl = strlen(j->tmp);
    for (const char *p = text; p < text + len;) {
      const char *hit = strstr(p, j->tmp);
      if (!hit) {
        fwrite(p, 1, (size_t)(text + len - p), f);
        break;
      }
      fwrite(p, 1, (size_t)(hit - p), f);
      fputs(j->orig, f);
      p = hit + tl;
    }
    if (f != stdout && fclose(f) != 0)
      status = 1;
  }
  free(text);
  return status;
}

/* -E of one .c source: preprocess_job when it has kernels and a
 * schedule, else the real compiler. */
static int preprocess_main(int argc, char **argv, cmdline *cl) {
  job j;
  if (find_jobs(argc, argv, &j) == 0) {
    free(cl->wp_mf);
    return pass_through(argc, argv);
  }
  char *schedcc = find_schedcc();
  int status = transform(&j, schedcc, argc, argv);
  const char *fb = getenv("SCHEDCC_FALLBACK");
  if (status != 0 && fb && *fb && strcmp(fb, "0") != 0) {
    fprintf(stderr,
            "schedcc-cc: warning: schedcc failed on '%s' (status %d); "
            "preprocessing the original source (SCHEDCC_FALLBACK=1)\n",
            j.orig, status);
    cleanup(&j, 1);
    free(schedcc);
    free(cl->wp_mf);
    return pass_through(argc, argv);
  }
  if (status != 0)
    fprintf(stderr, "schedcc-cc: error: schedcc failed on '%s'%s%s\n", j.orig,
            j.sched ? " with schedule " : "", j.sched ? j.sched : "");
  else
    status = preprocess_job(argc, argv, cl, &j);
  cleanup(&j, 1);
  free(schedcc);
  free(cl->wp_mf);
  return status;
}

int main(int argc, char **argv) {
  cmdline cl = read_cmdline(argc, argv);
  if (cl.E && !cl.other_pp && !cl.other_lang && !cl.compile && cl.nsrc == 1)
    return preprocess_main(argc, argv, &cl);
  bool link = !cl.compile && !cl.preprocess_only && !cl.other_lang;
  if ((!cl.compile && !link) || cl.preprocess_only || cl.other_lang ||
      cl.nsrc == 0 || (cl.compile && cl.out && cl.nsrc > 1)) {
    free(cl.wp_mf);
    if (link && cl.nsrc == 0 && !cl.preprocess_only && !cl.other_lang)
      return link_through(argc, argv); /* objects: their libraries */
    return pass_through(argc, argv);   /* (-o with several -c sources: the
                                          compiler's error) */
  }

  job *jobs = xmalloc(sizeof *jobs * (size_t)cl.nsrc);
  int njobs = find_jobs(argc, argv, jobs);
  if (njobs == 0) {
    free(jobs);
    free(cl.wp_mf);
    return link ? link_through(argc, argv) : pass_through(argc, argv);
  }

  char *schedcc = find_schedcc();
  const char *fb = getenv("SCHEDCC_FALLBACK");
  bool fallback = fb && *fb && strcmp(fb, "0") != 0;
  int status = 0;
  for (int n = 0; n < njobs && status == 0; n++) {
    job *j = &jobs[n];
    int st = transform(j, schedcc, argc, argv);
    if (st == 0)
      continue;
    if (fallback && j->tmpdir) {
      fprintf(stderr,
              "schedcc-cc: warning: schedcc failed on '%s' (status %d); "
              "compiling the original source (SCHEDCC_FALLBACK=1)\n",
              j->orig, st);
      j->fallback = true;
      unlink(j->tmp);
    } else {
      fprintf(stderr, "schedcc-cc: error: schedcc failed on '%s'%s%s\n",
              j->orig, j->sched ? " with schedule " : "",
              j->sched ? j->sched : "");
      status = st;
    }
  }
  if (status == 0)
    status = cl.compile ? compile_jobs(argc, argv, &cl, jobs, njobs)
                        : link_jobs(argc, argv, &cl, jobs, njobs);
  cleanup(jobs, njobs);
  free(jobs);
  free(schedcc);
  free(cl.wp_mf);
  return status;
}
