/* mach_wisdom.c — measured choices kept per CPU model ("wisdom", as FFTW
 * and ATLAS keep theirs: Frigo and Johnson, "The Design and Implementation
 * of FFTW3", Proc. IEEE 93(2), 2005, §3; Whaley and Dongarra, ATLAS, SC
 * 1998): the values of a schedule's tunable parameters that schedcc-tune
 * found fastest for one input file on one CPU model, applied when the same
 * CPU model compiles the same schedule for that file again.
 *
 * A wisdom file is text, one entry per line (blank lines and lines
 * starting with '#' ignored):
 *
 *   wisdom v1 cpu=x86_64:25:17:avx512 schedule=0123456789abcdef
 *       input=bmm.c ms=8.61 rows=6 vecs=4 kc=384
 *
 * (one line): the CPU model's key (mach_wisdom_key), the FNV-1a 64-bit
 * hash of the schedule file's bytes in hex, the input file's name without
 * its directory, the time measured, then name=value per parameter.  The
 * last matching line wins (schedcc-tune replaces an entry it improves).
 */
#include "mach.h"

#include <stdlib.h>
#include <string.h>

void mach_wisdom_key(const mach_model *m, char *buf, size_t n) {
  snprintf(buf, n, "%s:%d:%d:%s", m->arch, m->family, m->model, m->isa);
}

bool mach_file_hash(const char *path, uint64_t *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  uint64_t h = UINT64_C(0xcbf29ce484222325); /* FNV-1a, 64 bits */
  int c;
  while ((c = getc(f)) != EOF) {
    h ^= (uint64_t)(unsigned char)c;
    h *= UINT64_C(0x100000001b3);
  }
  bool ok = !ferror(f);
  fclose(f);
  *out = h;
  return ok;
}

/* The value of "key=" among the fields of a line, or NULL. */
static const char *field(char **tok, int ntok, const char *key) {
  size_t n = strlen(key);
  for (int i = 0; i < ntok; i++)
    if (strncmp(tok[i], key, n) == 0 && tok[i][n] == '=')
      return tok[i] + n + 1;
  return NULL;
}

bool mach_wisdom_find(scc_ctx *ctx, const char *path, const char *cpu_key,
                      uint64_t schedule_hash, const char *input,
                      mach_wisdom *out) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (!f)
    return false; /* no file yet: no wisdom */
  const char *base = strrchr(input, '/');
  base = base ? base + 1 : input;
  char hash[17];
  snprintf(hash, sizeof hash, "%016llx", (unsigned long long)schedule_hash);
  char line[4096];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *tok[128];
    int ntok = 0;
    for (char *t = strtok(line, " \t\r\n"); t && ntok < 128;
         t = strtok(NULL, " \t\r\n"))
      tok[ntok++] = t;
    if (ntok == 0 || tok[0][0] == '#')
      continue;
    if (ntok < 2 || strcmp(tok[0], "wisdom") != 0 ||
        strcmp(tok[1], "v1") != 0) {
      scc_warning(ctx, (scc_loc){.file = path, .line = lineno, .col = 1},
                  "not a wisdom entry (expected 'wisdom v1 cpu=... "
                  "schedule=... input=... ms=... name=value ...'): ignored");
      continue;
    }
    const char *cpu = field(tok, ntok, "cpu"),
               *sch = field(tok, ntok, "schedule"),
               *in = field(tok, ntok, "input"), *ms = field(tok, ntok, "ms");
    if (!cpu || !sch || !in || strcmp(cpu, cpu_key) != 0 ||
        strcmp(sch, hash) != 0 || strcmp(in, base) != 0)
      continue;
    /* a match: its parameters (every name=value but the four fields) */
    mach_wisdom w = {.ms = ms ? strtod(ms, NULL) : 0, .line = lineno};
    w.names = scc_arena_alloc(ctx->arena, sizeof *w.names * (size_t)ntok);
    w.values = scc_arena_alloc(ctx->arena, sizeof *w.values * (size_t)ntok);
    for (int i = 2; i < ntok; i++) {
      char *eq = strchr(tok[i], '=');
      if (!eq || eq == tok[i])
        continue;
      size_t nlen = (size_t)(eq - tok[i]);
      static const char *const fixed[] = {"cpu", "schedule", "input", "ms"};
      bool skip = false;
      for (int j = 0; j < 4; j++)
        skip |=
            strlen(fixed[j]) == nlen && strncmp(tok[i], fixed[j], nlen) == 0;
      char *end;
      long long v = strtoll(eq + 1, &end, 10);
      if (skip || *end || end == eq + 1)
        continue;
      w.names[w.n] = scc_arena_strndup(ctx->arena, tok[i], nlen);
      w.values[w.n++] = v;
    }
    *out = w; /* the last match wins */
  }
  fclose(f);
  return out->names != NULL;
}
