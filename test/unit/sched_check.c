/* sched_check.c — unit tests of the schedule lexer, parser and static
 * checker: valid programs parse into the expected AST, and every static
 * error is reported with its exact file:line:col text (and
 * sched_parse_string returns NULL). */
#include "sched_test_util.h"

static const char *const bmm =
    "// bmm schedule\n"
    "named_sequence @main(%root) {\n"
    "  %i_loop = match.loop \"i\" in %root   # a comment\n"
    "  %main, %rest = loop.split %i_loop div_by 32\n"
    "  %tiled:2 = loop.tile %main tile_sizes [32, 32]\n"
    "  print %tiled#1\n"
    "  loop.unroll %rest {full}\n"
    "}\n";

static void valid_bmm(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  sched_program *p = parse(&t, bmm);
  assert_non_null(p);
  assert_string_equal(tc_out(&t), "");
  assert_int_equal(p->seqs.len, 1);
  sched_seq *q = p->seqs.items[0];
  assert_string_equal(q->name, "main");
  assert_int_equal(q->nargs, 1);
  assert_int_equal(q->stmts.len, 5);
  /* slots: %root, %i_loop, %main, %rest, %tiled#1..#4 */
  assert_int_equal(q->nslots, 8);
  sched_stmt *s = q->stmts.items[2];
  assert_int_equal(s->op, SCHED_OP_TILE);
  assert_int_equal(s->nslots_out, 4);
  assert_int_equal(s->first_slot, 4);
  assert_int_equal(s->loc.line, 5);
  assert_int_equal(s->loc.col, 14);
  assert_int_equal(s->ops[1]->n, 2);
  assert_int_equal(s->ops[1]->elems[1].ival, 32);
  sched_stmt *pr = q->stmts.items[3];
  assert_int_equal(pr->ops[0]->slot, 4); /* %tiled#1 */
  sched_stmt *u = q->stmts.items[4];
  assert_int_equal(u->op, SCHED_OP_UNROLL);
  assert_int_equal(u->nattrs, 1);
  assert_string_equal(u->attrs[0].key, "full");
  assert_int_equal(u->ops[0]->slot, 3); /* %rest */
  tc_free(&t);
}

static void valid_forms(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  sched_program *p =
      parse(&t, "named_sequence @__transform_main(%r) {\n"
                "  %p = param.constant 8\n"
                "  %a = match.op \"for\" {nth = %p} in %r\n"
                "  %b = match.op \"for\" {second} in %r\n"
                "  %c = match.loop \"k\" {all} in %r\n"
                "  %x, %y, %z, %w = loop.tile %a tile_sizes [%p, 0]\n"
                "  %a2, %b2 = loop.interchange %x, %y\n"
                "  %o:2 = loop.reorder [%b2, %a2]\n"
                "  %u, %v = loop.unroll %c {factor = %p}\n"
                "  loop.unroll %z {factor = 2}; remark %w \"done\"\n"
                "  include @helper(%o#1)\n"
                "}\n"
                "named_sequence @helper(%h) {\n"
                "  %m:2 = loop.split %h div_by 4\n"
                "  print %m#2\n"
                "}\n");
  assert_string_equal(tc_out(&t), "");
  assert_non_null(p);
  assert_int_equal(p->seqs.len, 2);
  sched_seq *q = p->seqs.items[0];
  assert_int_equal(q->stmts.len, 11);
  sched_stmt *tile = q->stmts.items[4];
  assert_int_equal(tile->nres, 4);
  assert_int_equal(tile->nslots_out, 4);
  assert_true(q->slots[1].is_param);
  assert_int_equal(((sched_stmt *)q->stmts.items[1])->attrs[0].value.slot, 1);
  tc_free(&t);
}

/* Parses `text`, expects NULL and `diag` among the diagnostics. */
static void expect_error(const char *text, const char *diag) {
  test_ctx t;
  tc_init(&t);
  sched_program *p = parse(&t, text);
  assert_diag(&t, diag);
  assert_null(p);
  assert_true(t.ctx->nerrors > 0);
  tc_free(&t);
}

#define SEQ(body) "named_sequence @main(%root) {\n" body "}\n"

static void lexical_errors(void **state) {
  (void)state;
  expect_error(SEQ("  remark %root \"oops\n"),
               "t.sched:2:16: error: unterminated string\n"
               "  remark %root \"oops\n"
               "               ^\n");
  expect_error(SEQ("  %l = match.loop \"i\" in %root $\n"),
               "t.sched:2:32: error: unexpected character '$'\n");
  expect_error(SEQ("  %l = match.loop \"i\" in % \n"),
               "t.sched:2:26: error: expected a name after '%'\n");
  expect_error(SEQ("  %p = param.constant 99999999999999999999\n"),
               "t.sched:2:23: error: integer literal '99999999999999999999' "
               "is too large\n");
}

static void syntax_errors(void **state) {
  (void)state;
  expect_error("named_sequence main(%root) {\n}\n",
               "t.sched:1:16: error: expected '@name' after "
               "'named_sequence', got 'main'\n");
  expect_error(SEQ("  %a %b = match.loop \"i\" in %root\n"),
               "t.sched:2:6: error: expected '=' after the results, got "
               "'%b'\n");
  expect_error(SEQ("  loop.tile %root tile_sizes [32, 32\n"),
               "t.sched:3:1: error: expected ']', got '}'\n");
  expect_error(SEQ("  loop.unroll %root {factor = }\n"),
               "t.sched:2:31: error: expected an operand");
  expect_error("%x = print %y\n",
               "t.sched:1:1: error: expected 'named_sequence', got '%x'\n");
  expect_error("named_sequence @main(%root) {\n  print %root\n",
               "t.sched:3:1: error: expected '}' at the end of the "
               "sequence, got end of file\n");
}

/* Several syntax errors in one file are all reported. */
static void several_errors(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  assert_null(parse(&t, SEQ("  %a %b = print %root\n"
                            "  print %root ]\n"
                            "  loop.unroll %root {factor 4}\n")));
  assert_diag(&t, "t.sched:2:6: error: expected '=' after the results");
  assert_diag(&t, "t.sched:3:15: error: expected an operand");
  assert_diag(&t, "t.sched:4:29: error: expected ',' or '}' in attributes");
  assert_int_equal(t.ctx->nerrors, 3);
  tc_free(&t);
}

static void unknown_op(void **state) {
  (void)state;
  expect_error(SEQ("  %t:2 = loop.tiel %root tile_sizes [4, 4]\n"),
               "t.sched:2:10: error: unknown op 'loop.tiel'; did you mean "
               "'loop.tile'?\n"
               "  %t:2 = loop.tiel %root tile_sizes [4, 4]\n"
               "         ^\n");
  expect_error(SEQ("  frobnicate %root\n"),
               "t.sched:2:3: error: unknown op 'frobnicate'\n");
}

static void operand_count_and_kind(void **state) {
  (void)state;
  expect_error(SEQ("  %a, %b = loop.split %root\n"),
               "t.sched:2:12: error: expected 'div_by' in 'loop.split' "
               "(usage: %main, %rest = loop.split %l div_by N)\n");
  expect_error(SEQ("  %a, %b = loop.split %root div_by\n"),
               "t.sched:2:12: error: 'loop.split' expects 2 operands, got 1 "
               "(usage: %main, %rest = loop.split %l div_by N)\n");
  expect_error(SEQ("  loop.interchange %root\n"),
               "t.sched:2:3: error: 'loop.interchange' expects 2 operands, "
               "got 1");
  expect_error(SEQ("  print %root %root\n"),
               "t.sched:2:15: error: 'print' expects 1 operand, got 2");
  expect_error(SEQ("  %a, %b = loop.split %root div_by \"x\"\n"),
               "t.sched:2:36: error: operand 2 of 'loop.split' must be a "
               "number, got a string\n");
  expect_error(SEQ("  %a, %b = loop.split 4 div_by 4\n"),
               "t.sched:2:23: error: operand 1 of 'loop.split' must be a "
               "handle, got a number\n");
  expect_error(SEQ("  %p = param.constant 4\n"
                   "  print %p\n"),
               "t.sched:3:9: error: operand 1 of 'print' must be a handle, "
               "got a parameter\n");
  expect_error(SEQ("  %t:2 = loop.tile %root tile_sizes 32\n"),
               "t.sched:2:37: error: operand 2 of 'loop.tile' must be a list "
               "of numbers, got a number\n");
  expect_error(SEQ("  %t:2 = loop.tile %root tile_sizes [32, %root]\n"),
               "t.sched:2:42: error: element 2 of 'loop.tile' must be a "
               "number, got a handle\n");
  expect_error(SEQ("  %l = match.loop 3 in %root\n"),
               "t.sched:2:19: error: operand 1 of 'match.loop' must be a "
               "string, got a number\n");
  expect_error(SEQ("  %l = match.op \"while\" in %root\n"),
               "t.sched:2:17: error: match.op: unknown operation kind "
               "\"while\" (supported: \"for\")\n");
}

static void attributes(void **state) {
  (void)state;
  expect_error(SEQ("  loop.unroll %root\n"),
               "t.sched:2:3: error: 'loop.unroll' needs one attribute of "
               "{full|factor=n}");
  expect_error(SEQ("  loop.unroll %root {ful}\n"),
               "t.sched:2:22: error: unknown attribute 'ful' of "
               "'loop.unroll'; did you mean 'full'?\n");
  expect_error(SEQ("  loop.unroll %root {full, factor = 2}\n"),
               "t.sched:2:28: error: 'loop.unroll' takes at most one "
               "attribute");
  expect_error(SEQ("  loop.unroll %root {factor}\n"),
               "t.sched:2:22: error: attribute 'factor' of 'loop.unroll' "
               "needs a value ('factor = N')\n");
  expect_error(SEQ("  loop.unroll %root {factor = %root}\n"),
               "t.sched:2:31: error: attribute 'factor' of 'loop.unroll' "
               "must be a number, got a handle\n");
  expect_error(SEQ("  print %root {all}\n"),
               "t.sched:2:16: error: 'print' takes no attributes\n");
  expect_error(SEQ("  %l = match.op \"for\" {nth = 0} in %root\n"),
               "t.sched:2:30: error: match.op: {nth = N} counts from 1, got "
               "0\n");
}

static void undefined_and_redefined(void **state) {
  (void)state;
  expect_error(SEQ("  print %nope\n"),
               "t.sched:2:9: error: use of undefined handle '%nope'\n"
               "  print %nope\n"
               "        ^\n");
  expect_error(SEQ("  %l = match.loop \"i\" in %root\n"
                   "  %l = match.loop \"j\" in %root\n"),
               "t.sched:3:3: error: redefinition of '%l'\n"
               "  %l = match.loop \"j\" in %root\n"
               "  ^\n"
               "t.sched:2:3: note: previous definition is here\n");
  expect_error(SEQ("  %root = match.loop \"j\" in %root\n"),
               "t.sched:2:3: error: redefinition of '%root'\n");
  expect_error("named_sequence @main(%r) {\n}\n"
               "named_sequence @main(%r) {\n}\n",
               "t.sched:3:16: error: redefinition of named_sequence '@main'\n");
}

static void result_counts(void **state) {
  (void)state;
  expect_error(SEQ("  %a = loop.split %root div_by 4\n"),
               "t.sched:2:3: error: 'loop.split' produces 2 results, but 1 is "
               "bound\n");
  expect_error(SEQ("  %t:3 = loop.tile %root tile_sizes [4, 4]\n"),
               "t.sched:2:3: error: 'loop.tile' with 2 tile sizes produces 4 "
               "results (bind them as '%t:2', '%t:4' or 4 names), but 3 are "
               "bound\n");
  expect_error(SEQ("  %a, %b = loop.unroll %root {full}\n"),
               "t.sched:2:3: error: 'loop.unroll' {full} produces no results, "
               "but 2 are bound\n");
  expect_error(SEQ("  %a, %b = match.loop \"i\" in %root\n"),
               "t.sched:2:3: error: 'match.loop' produces 1 result, but 2 are "
               "bound\n");
  expect_error(SEQ("  %t:2 = loop.tile %root tile_sizes [4, 4]\n"
                   "  print %t#5\n"),
               "t.sched:3:9: error: result index '%t#5' is out of range: "
               "'%t' has 4\n");
  expect_error(SEQ("  %t:2 = loop.tile %root tile_sizes [4, 4]\n"
                   "  print %t\n"),
               "t.sched:3:9: error: '%t' holds 4 results; pick one with "
               "'%t#1' to '%t#4'\n");
  expect_error(SEQ("  %t:2 = loop.tile %root tile_sizes [4, 4]\n"
                   "  print %t#0\n"),
               "t.sched:3:9: error: result indices count from 1: use "
               "'%t#1'\n");
}

static void entry_sequences(void **state) {
  (void)state;
  expect_error("// nothing here\n",
               "t.sched: error: schedule defines no named_sequence\n");
  expect_error("named_sequence @main(%a, %b) {\n}\n",
               "t.sched:1:16: error: entry sequence '@main' must take exactly "
               "one argument (the kernel root), got 2\n");
  expect_error(SEQ("  include @nope(%root)\n"),
               "t.sched:2:11: error: include of unknown named_sequence "
               "'@nope'\n");
  expect_error(SEQ("  include @a(%root)\n") "named_sequence @a(%x) {\n"
                                            "  include @b(%x)\n}\n"
                                            "named_sequence @b(%y) {\n"
                                            "  include @a(%y)\n}\n",
               "error: recursive include of '@a'\n");
  expect_error(SEQ("  include @main(%root, %root)\n"),
               "t.sched:2:11: error: '@main' takes 1 argument, got 2\n");
}

/* The paper's Figure 1: unrolling %part#2 twice is reported before the
 * payload is touched, at the use, with a note at the consumer. */
static void consumed_handle(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  const char *text = "// kernel.sched\n"
                     "named_sequence @main(%root) {\n"
                     "  %l = match.loop \"i\" in %root\n"
                     "\n"
                     "\n"
                     "\n"
                     "\n"
                     "\n"
                     "  %part:2 = loop.split %l div_by 4\n"
                     "  loop.unroll %part#2 {full}\n"
                     "  loop.unroll %part#2 {factor = 2}\n"
                     "  print %l\n"
                     "}\n";
  assert_null(sched_parse_string(t.ctx, "kernel.sched", text, strlen(text)));
  assert_string_equal(tc_out(&t),
                      "kernel.sched:11:15: error: handle '%part#2' was "
                      "consumed by 'loop.unroll' at 10:3\n"
                      "  loop.unroll %part#2 {factor = 2}\n"
                      "              ^\n"
                      "kernel.sched:10:3: note: consumed here\n"
                      "  loop.unroll %part#2 {full}\n"
                      "  ^\n"
                      "kernel.sched:12:9: error: handle '%l' was consumed by "
                      "'loop.split' at 9:13\n"
                      "  print %l\n"
                      "        ^\n"
                      "kernel.sched:9:13: note: consumed here\n"
                      "  %part:2 = loop.split %l div_by 4\n"
                      "            ^\n");
  assert_int_equal(t.ctx->nerrors, 2);
  tc_free(&t);
}

/* Handles matched inside a consumed handle are invalidated statically. */
static void nested_invalidation_static(void **state) {
  (void)state;
  expect_error(SEQ("  %i = match.loop \"i\" in %root\n"
                   "  %j = match.loop \"j\" in %i\n"
                   "  %t:1 = loop.tile %i tile_sizes [8]\n"
                   "  loop.unroll %j {full}\n"),
               "t.sched:5:15: error: handle '%j' was invalidated by "
               "'loop.tile' at 4:10, which consumed a handle its payload is "
               "nested in\n");
  expect_error(SEQ("  %a, %b = loop.interchange %root, %root\n"),
               "t.sched:2:36: error: handle '%root' is consumed twice by "
               "'loop.interchange'\n");
  expect_error(SEQ("  %i = match.loop \"i\" in %root\n"
                   "  loop.reorder [%i, %i]\n"),
               "t.sched:3:21: error: handle '%i' is consumed twice by "
               "'loop.reorder'\n");
  /* a handle matched inside another operand of the same op is consumed
   * once (in either order); what is matched inside it is invalidated */
  const char *ok[] = {
      SEQ("  %i = match.loop \"i\" in %root\n"
          "  %j = match.loop \"j\" in %i\n"
          "  %r:2 = loop.interchange %i, %j\n"
          "  print %r#1\n"),
      SEQ("  %i = match.loop \"i\" in %root\n"
          "  %j = match.loop \"j\" in %i\n"
          "  %k = match.loop \"k\" in %j\n"
          "  loop.reorder [%k, %j, %i]\n"),
  };
  for (size_t n = 0; n < sizeof ok / sizeof *ok; n++) {
    test_ctx t;
    tc_init(&t);
    assert_non_null(parse(&t, ok[n]));
    assert_string_equal(tc_out(&t), "");
    tc_free(&t);
  }
  expect_error(SEQ("  %i = match.loop \"i\" in %root\n"
                   "  %j = match.loop \"j\" in %i\n"
                   "  loop.interchange %i, %j\n"
                   "  print %j\n"),
               "t.sched:5:9: error: handle '%j' was consumed by "
               "'loop.interchange' at 4:3\n");
  expect_error(SEQ("  %i = match.loop \"i\" in %root\n"
                   "  %j = match.loop \"j\" in %i\n"
                   "  %k = match.loop \"k\" in %j\n"
                   "  loop.interchange %i, %j\n"
                   "  print %k\n"),
               "t.sched:6:9: error: handle '%k' was invalidated by "
               "'loop.interchange' at 5:3, which consumed a handle its "
               "payload is nested in\n");
}

/* sched_parse_file reports unreadable files and parses the sample. */
static void parse_file(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  assert_null(sched_parse_file(t.ctx, "/nonexistent/x.sched"));
  assert_diag(&t, "error: cannot read schedule '/nonexistent/x.sched'");
  const char *dir = getenv("SCHEDCC_SOURCE_DIR");
  if (dir) {
    char *path =
        scc_arena_printf(t.ctx->arena, "%s/test/data/sched/bmm.sched", dir);
    int before = t.ctx->nerrors;
    sched_program *p = sched_parse_file(t.ctx, path);
    assert_non_null(p);
    assert_int_equal(t.ctx->nerrors, before);
    assert_int_equal(p->seqs.len, 2);
  }
  tc_free(&t);
}

/* Arguments carry handles or parameters: kinds inferred from the callee's
 * uses (through a second include too), integers as arguments, overloads
 * by argument count, and the errors at the include. */
static void parameter_arguments(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  sched_program *p = parse(&t, "named_sequence @main(%root) {\n"
                               "  %i = match.loop \"i\" in %root\n"
                               "  %b = param.constant 8\n"
                               "  include @outer(%i, %b)\n"
                               "  include @outer(%i)\n"
                               "}\n"
                               "named_sequence @outer(%l, %n) {\n"
                               "  %c = param.expr \"%n * 2 + 1\"\n"
                               "  param.assert \"%c <= 32\"\n"
                               "  include @inner(%l, %c, 4)\n"
                               "}\n"
                               "named_sequence @outer(%l) {\n"
                               "  include @outer(%l, 16)\n"
                               "}\n"
                               "named_sequence @inner(%h, %size, %unused) {\n"
                               "  %t:2 = loop.tile %h tile_sizes [%size, 32]\n"
                               "}\n");
  assert_string_equal(tc_out(&t), "");
  assert_non_null(p);
  sched_seq *outer = p->seqs.items[1], *inner = p->seqs.items[3];
  assert_int_equal(outer->nargs, 2);
  assert_int_equal(outer->arg_kinds[0], 'h');
  assert_int_equal(outer->arg_kinds[1], 'p');
  assert_true(outer->slots[1].is_param);
  assert_int_equal(inner->arg_kinds[1], 'p');
  assert_int_equal(inner->arg_kinds[2], 0);
  sched_stmt *inc = ((sched_seq *)p->seqs.items[0])->stmts.items[3];
  assert_int_equal(inc->callee_seq, 2); /* @outer(%l): the overload of 1 */
  tc_free(&t);
  expect_error("named_sequence @main(%root) {\n"
               "  include @t(%root, %root)\n"
               "}\n"
               "named_sequence @t(%l, %n) {\n"
               "  loop.unroll %l {factor = %n}\n"
               "}\n",
               "t.sched:2:21: error: argument 2 of '@t' ('%n') must be a "
               "parameter or an integer: '@t' uses it as a number; got a "
               "handle '%root'");
  expect_error("named_sequence @main(%root) {\n"
               "  include @t(3)\n"
               "}\n"
               "named_sequence @t(%l) {\n"
               "  print %l\n"
               "}\n",
               "t.sched:2:14: error: argument 1 of '@t' ('%l') must be a "
               "handle: '@t' uses it as a handle; got the integer 3");
  expect_error("named_sequence @main(%root) {\n"
               "}\n"
               "named_sequence @t(%l) {\n"
               "}\n"
               "named_sequence @t(%m) {\n"
               "}\n",
               "t.sched:5:16: error: redefinition of named_sequence '@t'");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(valid_bmm),
      cmocka_unit_test(valid_forms),
      cmocka_unit_test(lexical_errors),
      cmocka_unit_test(syntax_errors),
      cmocka_unit_test(several_errors),
      cmocka_unit_test(unknown_op),
      cmocka_unit_test(operand_count_and_kind),
      cmocka_unit_test(attributes),
      cmocka_unit_test(undefined_and_redefined),
      cmocka_unit_test(result_counts),
      cmocka_unit_test(entry_sequences),
      cmocka_unit_test(consumed_handle),
      cmocka_unit_test(nested_invalidation_static),
      cmocka_unit_test(parse_file),
      cmocka_unit_test(parameter_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
