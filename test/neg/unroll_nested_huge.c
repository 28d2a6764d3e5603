/* unroll_nested_huge.c — a 1024 x 1024 nest for the unroll size limit. */
#pragma schedcc kernel
void k(float a[1024][1024]) {
  for (int i = 0; i < 1024; i++)
    for (int j = 0; j < 1024; j++)
      a[i][j] += 1.0f;
}
