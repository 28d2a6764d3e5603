// REFUSED ('float *row = &A[i * lda];' on a pointer parameter, even when only read as in scale_rows3; 'A + i * lda' in scale_rows2 is accepted; the message is wrong: A is never assigned): row_pointer_address_of.c:5:5: error: unsupported in a kernel: pointer declaration that is not a row of an array (the pointer it is computed from is assigned in the kernel; write 'T *p = A + offset;' or '&A[i][k]' and never assign p) (and 1 more)
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
