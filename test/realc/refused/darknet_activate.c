// REFUSED (as of the current schedcc): darknet_activate.c:22:12: error: unsupported in a kernel: call to 'activate' (only <math.h> functions are allowed)
#include <float.h>
#include <math.h>
typedef enum { LOGISTIC, RELU, LINEAR, LEAKY } ACTIVATION;
static inline float leaky_activate(float x) { return (x > 0) ? x : .1f * x; }
static inline float relu_activate(float x) { return x * (x > 0); }
static inline float linear_activate(float x) { return x; }
static inline float logistic_activate(float x) { return 1.f / (1.f + expf(-x)); }
float activate(float x, ACTIVATION a) {
  switch (a) {
  case LINEAR: return linear_activate(x);
  case LOGISTIC: return logistic_activate(x);
  case RELU: return relu_activate(x);
  case LEAKY: return leaky_activate(x);
  }
  return 0;
}
#pragma schedcc kernel
void activate_array(float *x, const int n, const ACTIVATION a) {
  int i;
  for (i = 0; i < n; ++i) {
    x[i] = activate(x[i], a);
  }
}
#pragma schedcc kernel
void leaky_array(float *x, const int n) {
  int i;
  for (i = 0; i < n; ++i) {
    x[i] = leaky_activate(x[i]);
  }
}
