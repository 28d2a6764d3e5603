/* A volatile array (a device register window, a buffer another thread
 * polls): its accesses are side effects whose order and count a transform
 * must keep.  loop.vectorize used to read it with vector loads (the
 * qualifier cast away); it is refused at the op, with a note at the
 * access. */
#pragma schedcc kernel
void v(int n, volatile float a[n], float b[n]) {
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0f;
}
