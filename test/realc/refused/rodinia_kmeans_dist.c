// REFUSED (as of the current schedcc): rodinia_kmeans_dist.c:8:3: error: unsupported in a kernel: 'return'
#pragma schedcc kernel
float euclid_dist_2(float *pt1, float *pt2, int numdims) {
  int i;
  float ans = 0.0f;
  for (i = 0; i < numdims; i++)
    ans += (pt1[i] - pt2[i]) * (pt1[i] - pt2[i]);
  return (ans);
}
