// REFUSED (as of the current schedcc): rodinia_backprop.c:12:14: error: unsupported in a kernel: array 'conn' of type 'float **'
#include <math.h>
float squash(float x) { return (1.0f / (1.0f + expf(-x))); }
#pragma schedcc kernel
void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  float sum;
  int j, k;
  l1[0] = 1.0f;
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++) {
      sum += conn[k][j] * l1[k];
    }
    l2[j] = squash(sum);
  }
}
