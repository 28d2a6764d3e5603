/* loop.specialize on the trip count of a loop ('%j', a handle in the
 * condition) whose bound reads the iv of a loop around it: refused, naming
 * the iv (the condition is evaluated once, before the loop it versions). */
#pragma schedcc kernel
void kern(int n, float *y) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      y[i * n + j] += 1.0f;
}
