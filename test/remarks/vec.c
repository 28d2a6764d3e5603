#pragma schedcc kernel
void v(float a[100], float b[100], float s[1]) {
  for (int i = 0; i < 100; i++)
    a[i] = b[i] * 2.0f;
  float t = 0.0f;
  for (int r = 0; r < 100; r++)
    t += a[r];
  s[0] = t;
}
