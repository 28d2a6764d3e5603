/* The kernel the schedule-only negative tests run on (their .sched files
 * name it with a "// input: sched_input.c" line).  It is valid: every
 * error comes from the schedule. */
#pragma schedcc kernel
void matmul(float A[64][64], float B[64][64], float C[64][64]) {
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
        C[i][j] += A[i][k] * B[k][j];
}
