/* nussinov.c — PolyBench/C 4.2.1-style nussinov: RNA secondary structure
 * by Nussinov's dynamic programming (i counting down, affine guards with
 * && and if/else, maxima written with ?: through macros, char data).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 150
#define DATA_TYPE int
typedef char base;

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

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

static void kernel_nussinov(int n, base seq[N], DATA_TYPE table[N][N]) {
  int i, j, k;

#pragma scop
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {

      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);

      if (j - 1 >= 0 && i + 1 < n) {
        /* do not allow adjacent elements to bond */
        if (i < j - 1)
          table[i][j] = max_score(table[i][j],
                                  table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }

      for (k = i + 1; k < j; k++) {
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
      }
    }
  }
#pragma endscop
}

static base seq[N];
static DATA_TYPE table[N][N];

int main(void) {
  uint64_t seed = 15u;
  /* bases 0..3, where 0-3 and 1-2 pair */
  for (int i = 0; i < N; i++)
    seq[i] = (base)(lcg_next(&seed) * 4);
  kernel_nussinov(N, seq, table);
  print_array("table", &table[0][0], (size_t)N * N);
  return 0;
}
