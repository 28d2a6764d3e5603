/* A scatter cannot run in parallel: two iterations may write one element. */
#pragma schedcc kernel
void vote(double *restrict hist, const int *bin, const double *w, int n) {
  for (int i = 0; i < n; i++)
    hist[bin[i]] += w[i];
}
