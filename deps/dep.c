/* dep.c — STUB, to be replaced by the isl dependence analysis: every query
 * answers "legal". */
#include "dep.h"

bool dep_check_permutation(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                           const int *perm, const char **why) {
  (void)ctx, (void)k, (void)band, (void)n, (void)perm, (void)why;
  return true;
}
bool dep_check_tiling(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                      const char **why) {
  (void)ctx, (void)k, (void)band, (void)n, (void)why;
  return true;
}
bool dep_check_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        bool allow_reductions, scc_vec *reductions,
                        const char **why) {
  (void)ctx, (void)k, (void)loop, (void)allow_reductions, (void)reductions,
      (void)why;
  return true;
}
bool dep_check_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                              const char **why) {
  (void)ctx, (void)k, (void)outer, (void)why;
  return true;
}
bool dep_check_fusion(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      const char **why) {
  (void)ctx, (void)k, (void)a, (void)b, (void)why;
  return true;
}
bool dep_check_distribution(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int *groups, int **group_of, const char **why) {
  (void)ctx, (void)k, (void)loop, (void)groups, (void)group_of, (void)why;
  *groups = 0;
  return true;
}
void dep_print_module(scc_buf *out, scc_ctx *ctx, ir_module *m) {
  (void)ctx, (void)m;
  scc_buf_puts(out, "// dependence analysis not implemented yet\n");
}
