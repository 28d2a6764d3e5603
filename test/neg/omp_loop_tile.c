/* An OpenMP loop directive and a loop-transformation directive on one
 * loop: not supported (schedcc applies the tile itself). */
void f(int n, float a[n]) {
#pragma scop
#pragma omp parallel for
#pragma omp tile sizes(8)
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
#pragma endscop
}
