/* A scatter (a histogram of weighted votes): the written element is read
 * from an index array, a write of any element for the dependence analysis.
 * Accepted as written; transforms that keep the order of the writes
 * (unroll) apply, those that would reorder them are refused. */
#include <stdio.h>

#pragma schedcc kernel
void vote(double *restrict hist, const int *bin, const double *w, int n) {
  for (int i = 0; i < n; i++)
    hist[bin[i]] += w[i];
}

int main(void) {
  double hist[8] = {0}, w[50];
  int bin[50];
  for (int i = 0; i < 50; i++) {
    bin[i] = (i * 7 + 3) % 8;
    w[i] = (double)(i % 5) * 0.5;
  }
  vote(hist, bin, w, 50);
  vote(hist, bin, w, 7);
  for (int b = 0; b < 8; b++)
    printf("%a ", hist[b]);
  printf("\n");
  return 0;
}
