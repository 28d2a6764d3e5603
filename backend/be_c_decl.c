/* be_c_decl.c — declarations of the kernel-local arrays (ir_array.is_local,
 * the buffers of loop.pack) at the start of a kernel's generated code:
 *
 *   _Alignas(64) float B_p[512][16];
 *   _Alignas(64) double temp2_x[(n > 1 ? n : 1)];   (loop.expand_scalar)
 *
 * Called once per kernel by the C emitter (be_c.c) before the statements;
 * follows its line layout (see be_c.c): function kernels end every line in
 * "\n" and indent it by `base`; loop and scop kernels start lines after the
 * first with "\n" and `base` spaces.
 */
#include "be.h"

int be_c_emit_local_arrays(const ir_kernel *k, scc_buf *out, int base,
                           bool trailing_nl, int nlines,
                           bool (*keep)(const ir_array *, void *), void *data) {
  int emitted = 0;
  for (int i = 0; i < k->arrays.len; i++) {
    const ir_array *a = k->arrays.items[i];
    if (!a->is_local || (keep && !keep(a, data)))
      continue;
    if (!trailing_nl && nlines + emitted > 0)
      scc_buf_puts(out, "\n");
    if (trailing_nl || nlines + emitted > 0)
      for (int s = 0; s < base; s++)
        scc_buf_puts(out, " ");
    scc_buf_printf(out, "_Alignas(64) %s %s", ir_type_name(a->elem), a->name);
    for (int d = 0; d < a->rank; d++) {
      scc_buf_puts(out, "[");
      ir_print_c_expr(out, a->dims[d]);
      scc_buf_puts(out, "]");
    }
    scc_buf_puts(out, ";");
    if (trailing_nl)
      scc_buf_puts(out, "\n");
    emitted++;
  }
  return emitted;
}
