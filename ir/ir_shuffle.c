/* ir_shuffle.c — the lane masks (IR_EXPR_SHUFFLE) of the x86 unpack,
 * shuffle and 128-bit-block permute instructions, shared by the transform
 * that builds them (transforms/transpose_block.c) and the C backend that
 * maps a mask back to its intrinsic (backend/be_c.c).
 *
 * Semantics from the Intel 64 and IA-32 Architectures Software Developer's
 * Manual, vol. 2 (UNPCKLPS, UNPCKHPS, SHUFPS, VSHUFF32X4, VPERM2F128): the
 * first three work within each 128-bit block of 4 floats.
 */
#include "ir.h"

void ir_mask_unpack(int lanes, bool hi, int *mask) {
  for (int l = 0; l < lanes; l++) {
    int blk = l / 4 * 4, k = l % 4;
    int src = blk + (hi ? 2 : 0) + k / 2;
    mask[l] = k % 2 ? lanes + src : src;
  }
}

void ir_mask_shufps(int lanes, int imm, int *mask) {
  for (int l = 0; l < lanes; l++) {
    int blk = l / 4 * 4, k = l % 4;
    int src = blk + ((imm >> (2 * k)) & 3);
    mask[l] = k < 2 ? src : lanes + src;
  }
}

void ir_mask_blocks(int lanes, const int *sel, int *mask) {
  for (int l = 0; l < lanes; l++)
    mask[l] = sel[l / 4] * 4 + l % 4;
}
