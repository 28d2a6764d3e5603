/* A shifted fusion whose shift puts the second loop's iterations past
 * INT_MAX: the fused loop's bound, n + 2147483646 for an int iv, needs a
 * run-time check, and the guard of the shifted statements, i >= 2147483648,
 * is a constant that no int reaches.  It was accepted with that guard (an
 * always-false `i >= 2147483648L`, which gcc's -Wtype-limits rejects
 * under -Wextra -Werror; the versioning check made the transformed code
 * unreachable): fuzz seed 334486989, kernel 33.  Now refused at the op. */
#pragma schedcc kernel
void f(int n, double a[restrict n + 2], double b[restrict n + 2]) {
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * b[i];
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] + 1.0;
}
