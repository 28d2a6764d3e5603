/* A volatile scalar (a flag a signal handler sets, a global another
 * thread writes): every read is a side effect.  Unrolling the loop that
 * polls it used to be accepted with the qualifier of the kernel's own
 * volatile local dropped; now any transform of a loop that reads or
 * writes one is refused at the op, with a note at the access. */
static volatile int stop;
#pragma schedcc kernel
void v(int n, float a[n], float b[n]) {
  volatile float last = 0.0f;
  for (int i = 0; i < n; i++) {
    if (stop == 0)
      a[i] = b[i] * 2.0f;
    last = a[i];
  }
}
