// REFUSED (as of the current schedcc): llama_rope.c:12:25: error: unsupported in a kernel: non-affine loop bound
#include <math.h>
#pragma schedcc kernel
void rope(float *q, float *k, int dim, int kv_dim, int head_size, int pos) {
  for (int i = 0; i < dim; i += 2) {
    int head_dim = i % head_size;
    float freq = 1.0f / powf(10000.0f, head_dim / (float)head_size);
    float val = pos * freq;
    float fcr = cosf(val);
    float fci = sinf(val);
    int rotn = i < kv_dim ? 2 : 1;
    for (int v = 0; v < rotn; v++) {
      float *vec = v == 0 ? q : k;
      float v0 = vec[i];
      float v1 = vec[i + 1];
      vec[i] = v0 * fcr - v1 * fci;
      vec[i + 1] = v0 * fci + v1 * fcr;
    }
  }
}
