/* schedcc-cc.c — a drop-in C compiler (`make CC=schedcc-cc`,
 * `cmake -DCMAKE_C_COMPILER=schedcc-cc`, `CC=schedcc-cc ./configure`).
 *
 * For a compile (-c or -S) of .c files, each source that has kernels
 * (`#pragma schedcc` or `#pragma scop`, found by a cheap textual scan) and
 * a schedule — `#pragma schedcc schedule("k.sched")` in the file (relative
 * to the file's directory), or k.sched beside k.c, or `#pragma omp
 * tile/unroll` directives (the inline schedule) — is run through schedcc
 * into $TMPDIR, and the real compiler ($SCHEDCC_CC, default cc) compiles the
 * transformed file with the original arguments: the source path replaced
 * (same base name, so default output names are unchanged), and `-iquote
 * <dir of the source>` added so quoted includes still resolve.  With -MD or
 * -MMD, the dependency file is rewritten to name the original source and
 * to list the schedule, so make rebuilds when the schedule changes.
 *
 * Every other invocation (linking, -E, -M/-MM, --version, files without
 * kernels or without a schedule) runs the real compiler with its arguments
 * untouched.  The transformed file starts with `#line 1 "<source>"`, so
 * diagnostics and __FILE__ name the user's file.  The wrapper never writes next
 * to the user's sources, removes its temporaries, and exits with the real
 * compiler's status.  When schedcc fails, its diagnostics are shown and the
 * compile fails with its status; with SCHEDCC_FALLBACK=1 the original source is
 * compiled instead, with a warning.
 *
 * Environment: SCHEDCC_CC (the real compiler, may hold arguments: "ccache
 * gcc"), SCHEDCC (the schedcc binary; default: `schedcc` next to this
 * executable, else the build tree's), SCHEDCC_FALLBACK, SCHEDCC_VERBOSE
 * (print the commands run), TMPDIR.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
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

/* Runs argv (PATH search) and waits; returns the exit status (128 + signal
 * when killed, 127 when it cannot be run). */
static int run(char **argv) {
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
    return 127;
  }
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "schedcc-cc: error: cannot run '%s': %s\n", argv[0],
            strerror(errno));
    _exit(127);
  }
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

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 8192, n = 0;
  char *buf = xmalloc(cap);
  size_t got;
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
  return buf;
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

/* Preprocessor-relevant flags schedcc's frontend needs after `--`. */
static bool pp_flag(const char *a) {
  return starts_with(a, "-I") || starts_with(a, "-D") || starts_with(a, "-U") ||
         starts_with(a, "-std=") || starts_with(a, "-include") ||
         starts_with(a, "-isystem") || starts_with(a, "-iquote") ||
         starts_with(a, "-idirafter") || starts_with(a, "-imacros") ||
         (starts_with(a, "-m") && !starts_with(a, "-mllvm")) ||
         (starts_with(a, "-f") && !starts_with(a, "-fdiagnostics") &&
          !starts_with(a, "-fplugin"));
}

/* One source of the invocation that is transformed. */
typedef struct job {
  int argi;      /* its index in argv */
  char *orig;    /* as given */
  char *sched;   /* the schedule file, or NULL (the inline schedule) */
  char *tmpdir;  /* $TMPDIR/schedcc-cc.XXXXXX */
  char *tmp;     /* tmpdir/<base name> */
  bool fallback; /* schedcc failed: compile the original */
} job;

static void cleanup(job *jobs, int n) {
  for (int i = 0; i < n; i++) {
    if (jobs[i].tmp)
      unlink(jobs[i].tmp);
    if (jobs[i].tmpdir)
      rmdir(jobs[i].tmpdir);
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
  char *text = read_text(d);
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

/* Prefixes the transformed file with `#line 1 "<original path>"`, so the
 * compiler's diagnostics, __FILE__ and debug information name the user's
 * file rather than a temporary (lines after a regenerated kernel may be
 * shifted). */
static bool add_line_marker(const job *j) {
  char *text = read_text(j->tmp);
  FILE *f = text ? fopen(j->tmp, "wb") : NULL;
  if (!f) {
    fprintf(stderr, "schedcc-cc: error: cannot rewrite '%s': %s\n", j->tmp,
            strerror(errno));
    free(text);
    return false;
  }
  fputs("#line 1 \"", f);
  for (const char *p = j->orig; *p; p++) {
    if (*p == '"' || *p == '\\')
      fputc('\\', f);
    fputc(*p, f);
  }
  fputs("\"\n", f);
  fputs(text, f);
  free(text);
  return fclose(f) == 0;
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

int main(int argc, char **argv) {
  bool compile = false, deps = false, mp = false, other_lang = false;
  bool preprocess_only = false;
  const char *out = NULL, *mf = NULL;
  int nsrc = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0)
      compile = true;
    else if (strcmp(a, "-E") == 0 || strcmp(a, "-M") == 0 ||
             strcmp(a, "-MM") == 0 || strcmp(a, "-fsyntax-only") == 0)
      preprocess_only = true;
    else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0)
      deps = true;
    else if (strcmp(a, "-MP") == 0)
      mp = true;
    else if (strcmp(a, "-x") == 0 || starts_with(a, "-x"))
      other_lang = true; /* explicit language: not ours to judge */
    if (takes_arg(a) && i + 1 < argc) {
      if (strcmp(a, "-o") == 0)
        out = argv[i + 1];
      else if (strcmp(a, "-MF") == 0)
        mf = argv[i + 1];
      i++;
      continue;
    }
    if (starts_with(a, "-o") && a[2])
      out = a + 2;
    else if (starts_with(a, "-MF") && a[3])
      mf = a + 3;
    else if (a[0] != '-' && ends_with(a, ".c"))
      nsrc++;
  }
  if (!compile || preprocess_only || other_lang || nsrc == 0)
    return pass_through(argc, argv);

  /* Which sources are transformed. */
  job *jobs = xmalloc(sizeof *jobs * (size_t)nsrc);
  int njobs = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (takes_arg(a)) {
      i++;
      continue;
    }
    if (a[0] == '-' || !ends_with(a, ".c"))
      continue;
    char *text = read_text(a);
    if (!text)
      continue; /* the compiler reports it */
    scan sc = scan_source(text);
    free(text);
    if (!sc.kernels)
      continue;
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
    free(dir);
    if (!sched && !sc.omp)
      continue; /* kernels, but nothing to apply */
    job *j = &jobs[njobs++];
    memset(j, 0, sizeof *j);
    j->argi = i;
    j->orig = (char *)a;
    j->sched = sched;
  }
  if (njobs == 0) {
    free(jobs);
    return pass_through(argc, argv);
  }

  /* Run schedcc on each into its own temporary directory. */
  const char *tmproot = getenv("TMPDIR");
  if (!tmproot || !*tmproot)
    tmproot = "/tmp";
  char *schedcc = find_schedcc();
  const char *fb = getenv("SCHEDCC_FALLBACK");
  bool fallback = fb && *fb && strcmp(fb, "0") != 0;
  int status = 0;
  for (int n = 0; n < njobs && status == 0; n++) {
    job *j = &jobs[n];
    j->tmpdir = xprintf("%s/%s", tmproot, "schedcc-cc.XXXXXX");
    if (!mkdtemp(j->tmpdir)) {
      fprintf(stderr,
              "schedcc-cc: error: cannot create a directory in '%s': "
              "%s\n",
              tmproot, strerror(errno));
      free(j->tmpdir);
      j->tmpdir = NULL;
      status = 1;
      break;
    }
    j->tmp = xprintf("%s/%s", j->tmpdir, base_of(j->orig));
    argv_t s = {0};
    push(&s, schedcc);
    push(&s, j->orig);
    if (j->sched) {
      push(&s, "-s");
      push(&s, j->sched);
    }
    push(&s, "-o");
    push(&s, j->tmp);
    push(&s, "--");
    for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      bool sep = strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 ||
                 strcmp(a, "-U") == 0 || strcmp(a, "-include") == 0 ||
                 strcmp(a, "-isystem") == 0 || strcmp(a, "-iquote") == 0 ||
                 strcmp(a, "-idirafter") == 0 || strcmp(a, "-imacros") == 0;
      if (sep && i + 1 < argc) {
        push(&s, a);
        push(&s, argv[++i]);
      } else if (takes_arg(a)) {
        i++;
      } else if (pp_flag(a)) {
        push(&s, a);
      }
    }
    int st = run(s.v);
    free(s.v);
    if (st == 0 && !add_line_marker(j))
      st = 1;
    if (st != 0) {
      if (fallback) {
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
  }

  if (status == 0) {
    argv_t c = {0};
    real_cc(&c);
    for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      bool replaced = false;
      for (int n = 0; n < njobs; n++)
        if (jobs[n].argi == i && !jobs[n].fallback) {
          char *d = dir_of(jobs[n].orig);
          push(&c, "-iquote");
          push(&c, d);
          push(&c, jobs[n].tmp);
          replaced = true;
        }
      if (!replaced)
        push(&c, a);
    }
    status = run(c.v);
    for (int n = 0; n + 2 < c.n; n++)
      if (strcmp(c.v[n], "-iquote") == 0)
        for (int q = 0; q < njobs; q++)
          if (c.v[n + 2] == jobs[q].tmp) {
            free(c.v[n + 1]); /* the dir_of copies pushed above */
            n += 2;           /* past the freed copy and the temporary */
            break;
          }
    if (status == 0 && deps)
      for (int n = 0; n < njobs; n++) {
        char *d = dep_file(mf, out, jobs[n].orig);
        if (!fix_deps(d, &jobs[n], mp))
          status = 1;
        free(d);
      }
    free(c.v[0]); /* real_cc's copy of $SCHEDCC_CC */
    free(c.v);
  }
  cleanup(jobs, njobs);
  for (int n = 0; n < njobs; n++) {
    free(jobs[n].sched);
    free(jobs[n].tmpdir);
    free(jobs[n].tmp);
  }
  free(jobs);
  free(schedcc);
  return status;
}
