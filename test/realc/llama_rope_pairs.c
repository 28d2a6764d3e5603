/* Rotary position embedding over (even, odd) pairs as llama-style C
 * inference code applies it to the query and the key vectors of one
 * position: a step of 2, the frequency from the pair's place in its
 * head, the rotation written back in place. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void rope_rotate(float *vec, const float *fcr_tab, const float *fci_tab,
                 int dim) {
  for (int i = 0; i < dim; i += 2) {
    float fcr = fcr_tab[i / 2];
    float fci = fci_tab[i / 2];
    float v0 = vec[i];
    float v1 = vec[i + 1];
    vec[i] = v0 * fcr - v1 * fci;
    vec[i + 1] = v0 * fci + v1 * fcr;
  }
}

#pragma schedcc kernel
void rope_tables(float *fcr_tab, float *fci_tab, int dim, int head_size,
                 int pos) {
  for (int i = 0; i < dim; i += 2) {
    int head_dim = i % head_size;
    float freq = 1.0f / powf(10000.0f, head_dim / (float)head_size);
    float val = pos * freq;
    fcr_tab[i / 2] = cosf(val);
    fci_tab[i / 2] = sinf(val);
  }
}

int main(void) {
  int shapes[][3] = {{32, 8, 3}, {24, 6, 1}, {2, 2, 7}, {0, 4, 1}};
  for (int s = 0; s < 4; s++) {
    int dim = shapes[s][0], hs = shapes[s][1], pos = shapes[s][2];
    float *q = malloc(sizeof(float) * (size_t)(dim + 2));
    float *c = malloc(sizeof(float) * (size_t)(dim / 2 + 1));
    float *sn = malloc(sizeof(float) * (size_t)(dim / 2 + 1));
    realc_fill(q, dim + 2);
    rope_tables(c, sn, dim, hs, pos);
    realc_print("cos", c, dim / 2);
    realc_print("sin", sn, dim / 2);
    /* exact tables for the rotation: quarter turns and halves */
    for (int i = 0; i < dim / 2; i++) {
      c[i] = (float)((int)(realc_next_u() % 5) - 2) / 2.0f;
      sn[i] = (float)((int)(realc_next_u() % 5) - 2) / 2.0f;
    }
    rope_rotate(q, c, sn, dim);
    realc_print("q", q, dim);
    /* overlapping: the tables read from the vector being rotated */
    rope_rotate(q, q + 1, q + 2, dim / 2);
    realc_print("q alias", q, dim);
    free(q); free(c); free(sn);
  }
  return 0;
}
