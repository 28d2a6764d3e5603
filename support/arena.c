/* arena.c — bump allocation for compiler data, vectors and text buffers. */
#include "scc.h"

#include <stdlib.h>
#include <string.h>

enum { ARENA_BLOCK = 64 * 1024 };

typedef struct block {
  struct block *next;
  size_t size;
  size_t used;
  _Alignas(16) unsigned char data[];
} block;

struct scc_arena {
  block *head;
};

static void oom(void) {
  fputs("schedcc: fatal: out of memory\n", stderr);
  exit(3);
}

scc_arena *scc_arena_new(void) {
  scc_arena *a = calloc(1, sizeof *a);
  if (!a)
    oom();
  return a;
}

void scc_arena_free(scc_arena *a) {
  if (!a)
    return;
  for (block *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(a);
}

void *scc_arena_alloc(scc_arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  block *b = a->head;
  if (!b || b->size - b->used < n) {
    size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    b = malloc(sizeof *b + size);
    if (!b)
      oom();
    b->size = size;
    b->used = 0;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->data + b->used;
  b->used += n;
  memset(p, 0, n);
  return p;
}

char *scc_arena_strndup(scc_arena *a, const char *s, size_t n) {
  char *p = scc_arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *scc_arena_strdup(scc_arena *a, const char *s) {
  return scc_arena_strndup(a, s, strlen(s));
}

char *scc_arena_vprintf(scc_arena *a, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    n = 0;
  char *p = scc_arena_alloc(a, (size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  return p;
}

char *scc_arena_printf(scc_arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *p = scc_arena_vprintf(a, fmt, ap);
  va_end(ap);
  return p;
}

void scc_vec_push(scc_arena *a, scc_vec *v, void *item) {
  if (v->len == v->cap) {
    int cap = v->cap ? 2 * v->cap : 8;
    void **items = scc_arena_alloc(a, sizeof(void *) * (size_t)cap);
    if (v->len)
      memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
    v->items = items;
    v->cap = cap;
  }
  v->items[v->len++] = item;
}

void scc_buf_putn(scc_buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d)
      oom();
    b->data = d;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void scc_buf_puts(scc_buf *b, const char *s) { scc_buf_putn(b, s, strlen(s)); }

void scc_buf_printf(scc_buf *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0) {
    char stack[256];
    char *tmp = (size_t)n < sizeof stack ? stack : malloc((size_t)n + 1);
    if (!tmp)
      oom();
    vsnprintf(tmp, (size_t)n + 1, fmt, ap2);
    scc_buf_putn(b, tmp, (size_t)n);
    if (tmp != stack)
      free(tmp);
  }
  va_end(ap2);
}

void scc_buf_free(scc_buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}
