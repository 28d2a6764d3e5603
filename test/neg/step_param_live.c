/* A loop with a parametric step whose variable is read after the loop:
 * normalizing it would change that value. */
#pragma schedcc kernel
void f(float *a, int n, int s, int *last) {
  int j;
  for (j = 0; j < n; j += s)
    a[j] = 1.0f;
  *last = j;
}
