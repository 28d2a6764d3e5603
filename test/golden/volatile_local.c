/* A kernel's volatile locals keep their qualifier (it used to be dropped)
 * and their reads (an initialized local is not substituted into the
 * subscripts that read it when it is volatile); the schedule unrolls the
 * loop that touches neither. */
#pragma schedcc kernel
void k(int n, float a[restrict 64], float b[restrict 64]) {
  volatile int lim = 8;
  volatile int off = 1;
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0f;
  for (int j = 0; j < 8; j++)
    a[j + off] += lim;
}
