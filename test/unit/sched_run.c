/* sched_run.c — unit tests of the schedule interpreter on hand-built
 * kernels: what match.loop / match.op select, entry-sequence choice per
 * kernel, include, print/remark, --dump-after, silenceable transform
 * failures reported at the schedule op, and handle invalidation at run
 * time. */
#include "sched_test_util.h"

typedef struct fixture {
  test_ctx t;
  ir_module *m;
  ir_kernel *k;
  ir_node *li, *lj, *lk;
} fixture;

static void fx_init(fixture *f) {
  tc_init(&f->t);
  f->m = ir_module_new(f->t.ctx, "t.c", "", 0);
  f->k = build_ijk(f->t.ctx, f->m, "bmm", &f->li, &f->lj, &f->lk);
}

/* Parses and applies `text`; returns sched_apply's result. */
static bool run(fixture *f, const char *text, const sched_options *o) {
  sched_program *p = parse(&f->t, text);
  if (!p) {
    fprintf(stderr, "%s", tc_out(&f->t));
    fail_msg("schedule did not parse");
  }
  return sched_apply(f->t.ctx, p, f->m, o);
}

/* Runs `text` (which must bind %l) and returns the payload of %l by running
 * a sequence and reading the interpreter's env through a match+remark. The
 * matched loops are reported as remarks at their locations, which the
 * builder made distinct (i at 2:3, j at 3:5, k at 4:7). */
static void expect_remarks(const char *body, const char *diag) {
  fixture f;
  fx_init(&f);
  char *text = scc_arena_printf(f.t.ctx->arena,
                                "named_sequence @main(%%root) {\n%s"
                                "  remark %%l \"hit\"\n}\n",
                                body);
  assert_true(run(&f, text, NULL));
  assert_string_equal(tc_out(&f.t), diag);
  tc_free(&f.t);
}

static void match_loop(void **state) {
  (void)state;
  expect_remarks("  %l = match.loop \"j\" in %root\n", "t.c:3:5: note: hit\n");
  /* by label */
  expect_remarks("  %l = match.loop \"rows\" in %root\n",
                 "t.c:2:3: note: hit\n");
  /* strictly inside: k inside j */
  expect_remarks("  %j = match.loop \"j\" in %root\n"
                 "  %l = match.loop \"k\" in %j\n",
                 "t.c:4:7: note: hit\n");
}

static void match_loop_errors(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  assert_false(run(&f,
                   "named_sequence @main(%root) {\n"
                   "  %j = match.loop \"j\" in %root\n"
                   "  %l = match.loop \"i\" in %j\n"
                   "}\n",
                   NULL));
  assert_diag(&f.t, "t.sched:3:8: error: match.loop: no loop 'i' in loop 'j' "
                    "in kernel 'bmm'\n");
  tc_free(&f.t);
  fx_init(&f);
  assert_false(run(&f,
                   "named_sequence @main(%root) {\n"
                   "  %l = match.loop \"q\" in %root\n"
                   "}\n",
                   NULL));
  assert_diag(&f.t, "t.sched:2:8: error: match.loop: no loop 'q' in kernel "
                    "'bmm'\n");
  tc_free(&f.t);
}

/* Direct check of the payload: match results are the builder's nodes. */
static void match_payload_nodes(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  sched_program *p = parse(&f.t, "named_sequence @main(%root) {\n"
                                 "  %a = match.loop \"k\" in %root\n"
                                 "  %b = match.op \"for\" {second} in %root\n"
                                 "  %c = match.op \"for\" in %root\n"
                                 "  %d = match.op \"for\" {nth = 3} in %root\n"
                                 "  %e = match.loop \"i\" {all} in %root\n"
                                 "}\n");
  assert_non_null(p);
  sched_seq *q = p->seqs.items[0];
  sched_run r = {.ctx = f.t.ctx, .prog = p, .k = f.k, .seq = q};
  r.env = scc_arena_alloc(f.t.ctx->arena, sizeof *r.env * q->nslots);
  r.env[0] = (sched_value){.set = true, .n = 1, .name = "%root"};
  r.env[0].items = scc_arena_alloc(f.t.ctx->arena, sizeof(ir_node *));
  for (int i = 0; i < q->stmts.len; i++) {
    const sched_stmt *s = q->stmts.items[i];
    assert_true(sched_ops[s->op].handler(&r, s));
  }
  assert_int_equal(r.env[1].n, 1);
  assert_ptr_equal(r.env[1].items[0], f.lk);
  assert_int_equal(r.env[2].n, 1);
  assert_ptr_equal(r.env[2].items[0], f.lj);
  assert_int_equal(r.env[3].n, 3); /* all loops, pre-order */
  assert_ptr_equal(r.env[3].items[0], f.li);
  assert_ptr_equal(r.env[3].items[1], f.lj);
  assert_ptr_equal(r.env[3].items[2], f.lk);
  assert_int_equal(r.env[4].n, 1);
  assert_ptr_equal(r.env[4].items[0], f.lk);
  assert_int_equal(r.env[5].n, 1);
  assert_ptr_equal(r.env[5].items[0], f.li);
  assert_string_equal(tc_out(&f.t), "");
  tc_free(&f.t);
}

static void match_op_out_of_range(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  assert_false(run(&f,
                   "named_sequence @main(%root) {\n"
                   "  %p = param.constant 5\n"
                   "  %l = match.op \"for\" {nth = %p} in %root\n"
                   "}\n",
                   NULL));
  assert_diag(&f.t, "t.sched:3:8: error: match.op: loop number 5 is out of "
                    "range: kernel 'bmm' holds 3 loops\n");
  tc_free(&f.t);
}

/* Several payloads: {all} matches of "j" in the two i loops. */
static void multiple_payloads(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  /* a second copy of the nest after the first */
  ir_node *copy = ir_node_clone(f.t.ctx, f.li, NULL);
  copy->loc.line = 9;
  ir_block_append(&f.k->body, copy);
  ir_node *cj = copy->u.loop.body.first;
  cj->loc = (scc_loc){"t.c", 10, 5};
  assert_true(run(&f,
                  "named_sequence @main(%root) {\n"
                  "  %i = match.op \"for\" {all} in %root\n"
                  "  %l = match.loop \"j\" {all} in %root\n"
                  "  remark %l \"j\"\n"
                  "}\n",
                  NULL));
  assert_string_equal(tc_out(&f.t), "t.c:3:5: note: j\nt.c:10:5: note: j\n");
  tc_free(&f.t);
}

/* A sequence named after the kernel wins over @main; a kernel with neither
 * is left unchanged with a warning. */
static void entry_per_kernel(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  ir_node *a, *b, *c;
  ir_kernel *k2 = build_ijk(f.t.ctx, f.m, "other", &a, &b, &c);
  k2->loc = (scc_loc){"t.c", 20, 1};
  f.k->loc = (scc_loc){"t.c", 1, 1};
  assert_true(run(&f,
                  "named_sequence @main(%root) {\n"
                  "  remark %root \"main\"\n"
                  "}\n"
                  "named_sequence @other(%root) {\n"
                  "  include @helper(%root)\n"
                  "}\n"
                  "named_sequence @helper(%h) {\n"
                  "  remark %h \"helper\"\n"
                  "}\n",
                  NULL));
  assert_string_equal(tc_out(&f.t),
                      "t.c:1:1: note: main\nt.c:20:1: note: helper\n");
  tc_free(&f.t);

  fx_init(&f);
  f.k->loc = (scc_loc){"t.c", 1, 1};
  /* A schedule none of whose sequences runs on any kernel is an error. */
  assert_false(run(&f, "named_sequence @x(%root) {\n}\n", NULL));
  assert_diag(&f.t, "t.sched:1:16: error: named_sequence '@x' matches no "
                    "kernel of t.c (kernels: 'bmm'), and the schedule has no "
                    "@main: it would change nothing\n");
  tc_free(&f.t);

  /* A misspelled kernel name gets "did you mean". */
  fx_init(&f);
  f.k->loc = (scc_loc){"t.c", 1, 1};
  assert_false(run(&f, "named_sequence @bm(%root) {\n}\n", NULL));
  assert_diag(&f.t, "t.sched:1:16: error: named_sequence '@bm' matches no "
                    "kernel of t.c, and the schedule has no @main: did you "
                    "mean '@bmm'?\n");
  assert_diag(&f.t, "t.c:1:1: note: kernel 'bmm' is here\n");
  tc_free(&f.t);
}

static void print_and_dump(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  scc_buf dump = {0};
  sched_options o = {.dump_after = "match.loop", .dump = &dump};
  assert_true(run(&f,
                  "named_sequence @main(%root) {\n"
                  "  %l = match.loop \"k\" in %root\n"
                  "  print %l\n"
                  "}\n",
                  &o));
  assert_diag(&f.t, "// print %l (t.sched:3:3): 1 payload\n");
  assert_non_null(dump.data);
  assert_true(strncmp(dump.data,
                      "// IR after match.loop (t.sched:2:8): op 1 on kernel "
                      "'bmm'\n",
                      59) == 0);
  scc_buf_free(&dump);
  tc_free(&f.t);
}

/* A transform that refuses (div_by 0) is reported at the schedule op with
 * the op's name; the payload is untouched and sched_apply fails. */
static void silenceable_failure(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  assert_false(run(&f,
                   "named_sequence @main(%root) {\n"
                   "  %i = match.loop \"i\" in %root\n"
                   "  %a, %b = loop.split %i div_by 0\n"
                   "  print %root\n"
                   "}\n",
                   NULL));
  assert_diag(&f.t, "t.sched:3:12: error: loop.split: ");
  assert_null(strstr(tc_out(&f.t), "// print")); /* the run stopped */
  assert_ptr_equal(f.k->body.first, f.li);
  assert_null(f.li->next);
  tc_free(&f.t);

  fx_init(&f);
  assert_false(run(&f,
                   "named_sequence @main(%root) {\n"
                   "  loop.unroll %root {factor = 2}\n"
                   "}\n",
                   NULL));
  assert_diag(&f.t, "t.sched:2:3: error: loop.unroll: payload of '%root' is "
                    "kernel 'bmm', not a loop\n");
  tc_free(&f.t);
}

/* The invalidation machinery: consuming the handle of loop i invalidates
 * the handles to j (nested) and to i itself obtained another way (alias),
 * but not the root nor a handle to a loop outside i. */
static void invalidation_machinery(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  ir_node *other = ir_node_clone(f.t.ctx, f.lk, NULL);
  ir_block_append(&f.k->body, other);
  sched_value root = {.set = true, .n = 1, .name = "%root"};
  ir_node *none = NULL;
  root.items = &none;
  sched_value hi = {.set = true, .n = 1, .items = &f.li, .name = "%i"};
  sched_value hi2 = {.set = true, .n = 1, .items = &f.li, .name = "%i2"};
  sched_value hj = {.set = true, .n = 1, .items = &f.lj, .name = "%j"};
  sched_value ho = {.set = true, .n = 1, .items = &other, .name = "%o"};
  sched_run r = {.ctx = f.t.ctx, .k = f.k};
  sched_value *all[] = {&root, &hi, &hi2, &hj, &ho};
  for (int i = 0; i < 5; i++)
    scc_vec_push(f.t.ctx->arena, &r.live, all[i]);
  sched_stmt by = {.opname = "loop.tile", .loc = {"t.sched", 4, 3}};
  sched_value *c = &hi;
  sched_consume(&r, &by, &c, 1);
  assert_ptr_equal(hi.killer, &by);
  assert_false(hi.nested);
  assert_ptr_equal(hi2.killer, &by);
  assert_false(hi2.nested);
  assert_ptr_equal(hj.killer, &by);
  assert_true(hj.nested);
  assert_null(root.killer);
  assert_null(ho.killer);
  tc_free(&f.t);
}

/* End to end: a handle to an inner loop used after tiling its outer loop
 * (matched from the root, so only the run-time check can see it).  Needs a
 * working xf_tile: skipped while transforms/tile.c is a stub. */
static void invalidation_end_to_end(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  bool ok = run(&f,
                "named_sequence @main(%root) {\n"
                "  %i = match.loop \"i\" in %root\n"
                "  %j = match.loop \"j\" in %root\n"
                "  %t:1 = loop.tile %i tile_sizes [8]\n"
                "  print %j\n"
                "}\n",
                NULL);
  if (strstr(tc_out(&f.t), "not implemented yet")) {
    tc_free(&f.t);
    skip(); /* PENDING: xf_tile is still a stub */
  }
  assert_false(ok);
  assert_diag(&f.t, "t.sched:5:9: error: handle '%j' was invalidated by "
                    "'loop.tile' at 4:10, which consumed a handle its payload "
                    "is nested in\n"
                    "  print %j\n"
                    "        ^\n"
                    "t.sched:4:10: note: consumed here\n");
  tc_free(&f.t);
}

/* With the real transforms: split, tile and unroll in sequence; results of
 * one op feed the next, --dump-after=all dumps after each transform, and
 * the IR has the expected shape. */
static void transforms_end_to_end(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  scc_buf dump = {0};
  sched_options o = {.dump_after = "all", .dump = &dump};
  bool ok = run(&f,
                "named_sequence @main(%root) {\n"
                "  %i = match.loop \"i\" in %root\n"
                "  %main, %rest = loop.split %i div_by 24\n"
                "  %t:2 = loop.tile %main tile_sizes [8, 8]\n"
                "  %u, %v = loop.unroll %t#4 {factor = 2}\n"
                "  remark %t#1 \"tile\"\n"
                "}\n",
                &o);
  if (strstr(tc_out(&f.t), "not implemented yet")) {
    scc_buf_free(&dump);
    tc_free(&f.t);
    skip(); /* PENDING: transforms still stubs */
  }
  assert_true(ok);
  int dumps = 0;
  for (const char *p = dump.data; p && (p = strstr(p, "// IR after ")); p++)
    dumps++;
  assert_int_equal(dumps, 3);
  assert_non_null(strstr(dump.data, "// IR after loop.tile (t.sched:4:10): "));
  /* top level: the tile loop of i (from the main part), then the rest */
  ir_node *tile_i = f.k->body.first;
  assert_int_equal(tile_i->kind, IR_NODE_LOOP);
  assert_non_null(tile_i->next);
  ir_node *rest = tile_i->next; /* the remainder loop of the split */
  assert_int_equal(rest->kind, IR_NODE_LOOP);
  assert_string_equal(rest->u.loop.iv->name, "i");
  assert_null(rest->next);
  assert_string_not_equal(tile_i->u.loop.iv->name, "i");
  assert_non_null(strstr(tc_out(&f.t), "note: tile\n"));
  scc_buf_free(&dump);
  tc_free(&f.t);
}

/* Two handles to the same loop: consuming one makes the other an error at
 * run time (the checker cannot know they alias). */
static void alias_consumed_at_run_time(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  bool ok = run(&f,
                "named_sequence @main(%root) {\n"
                "  %a = match.loop \"k\" in %root\n"
                "  %b = match.op \"for\" {nth = 3} in %root\n"
                "  loop.unroll %a {factor = 2}\n"
                "  loop.unroll %b {factor = 2}\n"
                "}\n",
                NULL);
  if (strstr(tc_out(&f.t), "not implemented yet")) {
    tc_free(&f.t);
    skip(); /* PENDING: xf_unroll still a stub */
  }
  assert_false(ok);
  assert_string_equal(tc_out(&f.t),
                      "t.sched:5:15: error: handle '%b' was consumed by "
                      "'loop.unroll' at 4:3\n"
                      "  loop.unroll %b {factor = 2}\n"
                      "              ^\n"
                      "t.sched:4:3: note: consumed here\n"
                      "  loop.unroll %a {factor = 2}\n"
                      "  ^\n");
  tc_free(&f.t);
}

/* sched_apply owns kernel versioning: C and A of known extents that may
 * overlap (neither restrict) get a run-time overlap check once the
 * schedule tiled the nest, with the original body kept for the other
 * version; the same schedule on restrict arrays needs none. */
static void apply_versions_kernel(void **state) {
  (void)state;
  for (int restricted = 0; restricted < 2; restricted++) {
    fixture f;
    fx_init(&f);
    for (int a = 0; a < f.k->arrays.len; a++) {
      ir_array *arr = f.k->arrays.items[a];
      arr->is_restrict = restricted;
      arr->storage = IR_STORE_PARAM;
      arr->dims = scc_arena_alloc(f.t.ctx->arena, 2 * sizeof *arr->dims);
      arr->dims[0] = arr->dims[1] = ir_int(f.t.ctx, 64);
    }
    assert_true(run(&f,
                    "named_sequence @main(%root) {\n"
                    "  %i = match.loop \"i\" in %root\n"
                    "  %t:4 = loop.tile %i tile_sizes [8, 8]\n"
                    "}\n",
                    NULL));
    if (restricted) {
      assert_int_equal(f.k->assumptions.len, 0);
    } else {
      assert_true(f.k->assumptions.len >= 1);
      assert_non_null(f.k->original);
      /* the transformed body is kept: a tile loop, not i, comes first */
      assert_string_not_equal(f.k->body.first->u.loop.iv->name, "i");
    }
    tc_free(&f.t);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(match_loop),
      cmocka_unit_test(match_loop_errors),
      cmocka_unit_test(match_payload_nodes),
      cmocka_unit_test(match_op_out_of_range),
      cmocka_unit_test(multiple_payloads),
      cmocka_unit_test(entry_per_kernel),
      cmocka_unit_test(print_and_dump),
      cmocka_unit_test(silenceable_failure),
      cmocka_unit_test(invalidation_machinery),
      cmocka_unit_test(invalidation_end_to_end),
      cmocka_unit_test(transforms_end_to_end),
      cmocka_unit_test(alias_consumed_at_run_time),
      cmocka_unit_test(apply_versions_kernel),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
