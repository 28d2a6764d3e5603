// LEFT UNTRANSFORMED: kernel 'g' is left untransformed: the run-time check that its transformed code needs cannot be built: the elements of 'w' it touches cannot be bounded: `w[(o * K + y) * K + x]` is neither affine nor a sum of products of parameters and affine expressions -- a parameter squared (K * K, a square filter); 'f' with (o * K + y) * M + x is fine
#pragma schedcc kernel
void f(float *out, const float *w, int N, int K, int M) {
  for (int o = 0; o < N; o++)
    for (int y = 0; y < K; y++)
      for (int x = 0; x < M; x++)
        out[o] += w[(o * K + y) * M + x];
}
#pragma schedcc kernel
void g(float *out, const float *w, int N, int K) {
  for (int o = 0; o < N; o++)
    for (int y = 0; y < K; y++)
      for (int x = 0; x < K; x++)
        out[o] += w[(o * K + y) * K + x];
}
