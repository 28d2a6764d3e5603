/* reverse_dependence.c — a prefix sum: reversing its loop would read
 * a[i - 1] before it is written. */
#pragma schedcc kernel
void k(int n, float a[1000]) {
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + a[i];
}
