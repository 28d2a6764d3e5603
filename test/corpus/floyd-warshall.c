/* floyd-warshall.c — PolyBench/C 4.2.1-style floyd-warshall: all-pairs
 * shortest paths on integer weights, the minimum written with ?:.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 120
#define DATA_TYPE int

/* Deterministic pseudo-random numbers in [0, 1): a 64-bit linear
 * congruential generator (Knuth's MMIX constants), top 53 bits. */
static double lcg_next(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (double)(*state >> 11) * 0x1p-53;
}

/* Prints an array bit-exactly: the FNV-1a 64-bit hash of its bytes (any
 * 1-ulp difference changes it), then about 64 elements to help locate
 * a difference. */
static void print_array(const char *name, const DATA_TYPE *p, size_t count) {
  const unsigned char *bytes = (const unsigned char *)p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < count * sizeof *p; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  printf("%s: %zu elements, fnv1a64 %016" PRIx64 "\n", name, count, h);
  size_t step = count > 64 ? count / 64 : 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %d\n", name, i, (int)p[i]);
  printf("%s[%zu] = %d\n", name, count - 1, (int)p[count - 1]);
}

static void kernel_floyd_warshall(int n, DATA_TYPE path[N][N]) {
  int i, j, k;

#pragma scop
  for (k = 0; k < n; k++) {
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
  }
#pragma endscop
}

static DATA_TYPE path[N][N];

int main(void) {
  uint64_t seed = 31337u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
      if (lcg_next(&seed) < 0.1)
        path[i][j] += 50;
    }
  kernel_floyd_warshall(N, path);
  print_array("path", &path[0][0], (size_t)N * N);
  return 0;
}
