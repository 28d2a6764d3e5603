/* The AdamW parameter update of a C training loop: first and second
 * moments, bias correction, decoupled weight decay. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void adamw_update(float *params, const float *grads, float *m_memory,
                  float *v_memory, size_t num_parameters, float learning_rate,
                  float beta1, float beta2, float eps, float weight_decay,
                  int t) {
  for (size_t i = 0; i < num_parameters; i++) {
    float param = params[i];
    float grad = grads[i];
    float m = beta1 * m_memory[i] + (1.0f - beta1) * grad;
    float v = beta2 * v_memory[i] + (1.0f - beta2) * grad * grad;
    float m_hat = m / (1.0f - powf(beta1, t));
    float v_hat = v / (1.0f - powf(beta2, t));
    m_memory[i] = m;
    v_memory[i] = v;
    params[i] -= learning_rate * (m_hat / (sqrtf(v_hat) + eps) + weight_decay * param);
  }
}

int main(void) {
  size_t sizes[] = {48, 29, 1, 0};
  for (int k = 0; k < 4; k++) {
    size_t n = sizes[k];
    float *p = malloc(sizeof(float) * (n + 1));
    float *g = malloc(sizeof(float) * (n + 1));
    float *m = calloc(n + 1, sizeof(float));
    float *v = calloc(n + 1, sizeof(float));
    realc_fill(p, (int)n + 1);
    for (int step = 1; step <= 3; step++) {
      realc_fill(g, (int)n + 1);
      adamw_update(p, g, m, v, n, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f, step);
      realc_print("params", p, (int)n);
      realc_print("m", m, (int)n);
      realc_print("v", v, (int)n);
    }
    /* gradients in the parameters' own buffer (aliased) */
    adamw_update(p, p, m, v, n, 1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 4);
    realc_print("params alias", p, (int)n);
    free(p); free(g); free(m); free(v);
  }
  return 0;
}
