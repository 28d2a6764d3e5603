/* No '#pragma schedcc kernel': schedcc with a schedule must refuse. */
void scale(int n, float a[n]) {
  for (int i = 0; i < n; i++)
    a[i] *= 2.0f;
}
