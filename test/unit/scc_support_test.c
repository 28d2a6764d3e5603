/* scc_support_test.c — the support library: diagnostics with caret lines,
 * pending silenceable failures, arena and vectors, atomic file output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "support/scc.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Runs fn with diagnostics captured; returns the text (heap). */
static char *capture(scc_ctx *ctx, void (*fn)(scc_ctx *)) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ctx->diag_out = f;
  fn(ctx);
  fclose(f);
  ctx->diag_out = stderr;
  return text;
}

static void emit_error(scc_ctx *ctx) {
  scc_ctx_add_source(ctx, "k.c", "int x;\n\tfoo(bar);\n", 18);
  scc_error(ctx, (scc_loc){"k.c", 2, 6}, "unsupported in a kernel: %s",
            "call to 'foo'");
}

static void test_error_has_location_line_and_caret(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  char *text = capture(ctx, emit_error);
  assert_string_equal(text, "k.c:2:6: error: unsupported in a kernel: call "
                            "to 'foo'\n\tfoo(bar);\n\t    ^\n");
  assert_int_equal(ctx->nerrors, 1);
  free(text);
  scc_ctx_free(ctx);
}

static void emit_located_note(scc_ctx *ctx) {
  scc_note(ctx, (scc_loc){0}, "see here");
  scc_warning(ctx, (scc_loc){0}, "careful");
}

static void test_note_and_warning_without_location(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  char *text = capture(ctx, emit_located_note);
  assert_string_equal(text, "note: see here\nschedcc: warning: careful\n");
  assert_int_equal(ctx->nerrors, 0);
  assert_int_equal(ctx->nwarnings, 1);
  free(text);
  scc_ctx_free(ctx);
}

static void fail_then_report(scc_ctx *ctx) {
  scc_ctx_add_source(ctx, "s.sched", "  loop.tile %x\n", 15);
  scc_ctx_add_source(ctx, "k.c", "for (i = 0; i < n; i++)\n", 24);
  scc_fail(ctx, (scc_loc){"k.c", 1, 1}, "loop 'i' is not %s", "perfect");
  assert_non_null(ctx->pending_msg);
  scc_fail_report(ctx, (scc_loc){"s.sched", 1, 3}, "loop.tile");
}

static void test_pending_failure_reported_with_note(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  char *text = capture(ctx, fail_then_report);
  assert_string_equal(text,
                      "s.sched:1:3: error: loop.tile: loop 'i' is not perfect\n"
                      "  loop.tile %x\n"
                      "  ^\n"
                      "k.c:1:1: note: payload is here\n"
                      "for (i = 0; i < n; i++)\n"
                      "^\n");
  assert_null(ctx->pending_msg);
  assert_int_equal(ctx->nerrors, 1);
  free(text);
  scc_ctx_free(ctx);
}

static void test_arena_and_vectors(void **state) {
  (void)state;
  scc_arena *a = scc_arena_new();
  scc_vec v = {0};
  for (intptr_t i = 0; i < 1000; i++)
    scc_vec_push(a, &v, (void *)i);
  assert_int_equal(v.len, 1000);
  for (intptr_t i = 0; i < 1000; i++)
    assert_int_equal((intptr_t)v.items[i], i);
  char *big = scc_arena_alloc(a, 1 << 20); /* larger than a block */
  assert_int_equal(big[(1 << 20) - 1], 0);
  assert_int_equal((uintptr_t)big % 16, 0);
  assert_string_equal(scc_arena_printf(a, "%s_%d", "i_t", 2), "i_t_2");
  scc_arena_free(a);
}

static void test_atomic_write(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  char dir[] = "/tmp/scc-support-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char *path = scc_arena_printf(ctx->arena, "%s/out.c", dir);
  assert_true(scc_write_file_atomic(ctx, path, "int x;\n", 7));
  size_t len = 0;
  char *back = scc_read_file(ctx->arena, path, &len);
  assert_non_null(back);
  assert_int_equal(len, 7);
  assert_string_equal(back, "int x;\n");
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  mode_t mask = umask(0);
  umask(mask);
  /* the usual mode of a new file, not mkstemp's 0600 */
  assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
  /* An existing file keeps its mode. */
  assert_int_equal(chmod(path, 0751), 0);
  assert_true(scc_write_file_atomic(ctx, path, "int y;\n", 7));
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0751);
  /* A symbolic link is followed: the target is replaced, the link kept. */
  char *link = scc_arena_printf(ctx->arena, "%s/link.c", dir);
  assert_int_equal(symlink("out.c", link), 0);
  assert_true(scc_write_file_atomic(ctx, link, "int z;\n", 7));
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  assert_string_equal(scc_read_file(ctx->arena, path, &len), "int z;\n");
  /* A dangling link: the file it names is created. */
  char *dangling = scc_arena_printf(ctx->arena, "%s/dangling.c", dir);
  assert_int_equal(symlink("new.c", dangling), 0);
  assert_true(scc_write_file_atomic(ctx, dangling, "int w;\n", 7));
  char *created = scc_arena_printf(ctx->arena, "%s/new.c", dir);
  assert_string_equal(scc_read_file(ctx->arena, created, &len), "int w;\n");
  /* A FIFO is written through, not replaced (O_RDWR keeps the open from
   * blocking without a reader). */
  char *fifo = scc_arena_printf(ctx->arena, "%s/fifo", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  int rd = open(fifo, O_RDWR | O_NONBLOCK);
  assert_true(rd >= 0);
  assert_true(scc_write_file_atomic(ctx, fifo, "int v;\n", 7));
  char got[8] = {0};
  assert_int_equal(read(rd, got, 7), 7);
  assert_string_equal(got, "int v;\n");
  close(rd);
  assert_int_equal(lstat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  /* /dev/null stays a device. */
  assert_true(scc_write_file_atomic(ctx, "/dev/null", "x", 1));
  assert_int_equal(stat("/dev/null", &st), 0);
  assert_true(S_ISCHR(st.st_mode));
  unlink(fifo);
  unlink(created);
  unlink(dangling);
  unlink(link);
  unlink(path);
  /* A directory that does not exist: error, nothing created. */
  FILE *sink = tmpfile();
  ctx->diag_out = sink;
  char *bad = scc_arena_printf(ctx->arena, "%s/no/such/dir/out.c", dir);
  assert_false(scc_write_file_atomic(ctx, bad, "x", 1));
  assert_int_equal(ctx->nerrors, 1);
  fclose(sink);
  ctx->diag_out = stderr;
  assert_int_equal(rmdir(dir), 0); /* empty: no temporary left */
  scc_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_error_has_location_line_and_caret),
      cmocka_unit_test(test_note_and_warning_without_location),
      cmocka_unit_test(test_pending_failure_reported_with_note),
      cmocka_unit_test(test_arena_and_vectors),
      cmocka_unit_test(test_atomic_write),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
