/* loop.scalar_replace of a loop that may run zero times guards it with
 * `if (0 < n)`; under the guard a loop that does not run no longer
 * assigns 0 to its iv, which this kernel reads after the loop: refused. */
#pragma schedcc kernel
void last(int n, float s[1], const float x[n], int end[1]) {
  int k;
  for (k = 0; k < n; k++)
    s[0] += x[k];
  end[0] = k;
}
