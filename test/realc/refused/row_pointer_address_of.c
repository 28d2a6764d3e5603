// REFUSED: 'float *row = &A[i * lda];' on a pointer parameter (scale_rows, and scale_rows3 where B is only read): error: unsupported in a kernel: pointer declaration that is not a row of an array (the pointer it is computed from is assigned in the kernel; ...) -- the message is wrong (A/B is never assigned); 'A + i * lda' (scale_rows2) is accepted
#pragma schedcc kernel
void scale_rows(float *A, int n, int lda) {
  for (int i = 0; i < n; i++) {
    float *row = &A[i * lda];
    for (int j = 0; j < n; j++) {
      row[j] *= 0.5f;
    }
  }
}
#pragma schedcc kernel
void scale_rows2(float *A, int n, int lda) {
  for (int i = 0; i < n; i++) {
    float *row = A + i * lda;
    for (int j = 0; j < n; j++) {
      row[j] *= 0.5f;
    }
  }
}
#pragma schedcc kernel
void scale_rows3(float *A, const float *B, int n, int lda) {
  for (int i = 0; i < n; i++) {
    const float *brow = &B[i * lda];
    for (int j = 0; j < n; j++) {
      A[i * lda + j] = brow[j];
    }
  }
}
int main(void) { return 0; }
