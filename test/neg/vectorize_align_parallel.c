/* loop.vectorize {align} of a loop marked parallel: its aligned start is a
 * run-time value, so the parallel mark could not be re-checked (it
 * failed with a false dependence before this refusal: an audit find). */
#pragma schedcc kernel
void f(int n, float x[n], float y[n]) {
  for (int k = 0; k < n; k++)
    y[k] = x[k] + 1.0f;
}
