/* dwconv_harness.c — times one variant of the depthwise convolution of
 * samples/dwconv.c (bench/dwconv.sh builds one binary per variant):
 *
 *   -DKERNEL_SOURCE='"path.c"'  samples/dwconv.c or a schedcc output of it
 *                               (its main left out by SCHEDCC_NO_MAIN)
 *   -DBENCH_ONEDNN              oneDNN's depthwise convolution (NHWC,
 *                               groups = c, 3 x 3, no padding), linked with
 *                               -ldnnl
 *   -DBENCH_MEMCPY              the anchor: memcpy of the bytes the
 *                               convolution touches (input + filter +
 *                               output) from one buffer into another
 *
 *   dwconv_harness H W C [RUNS]
 *
 * Each run times a batch of calls (enough for about BATCH_US
 * microseconds, default 2000, the same count for every run) and takes the
 * time per call; RUNS runs (default 7) after a calibration batch that
 * also warms the caches.  The arrays are 64-byte aligned (aligned_alloc),
 * as the sample's main allocates them.  Prints on stdout
 *
 *   <median us> <min us> <GB/s> <GFLOP/s> <checksum>
 *
 * GB/s = (|I| + |F| + |O|) bytes / median time, the same byte count for
 * every variant (the memcpy copies those bytes once), so the ratio of two
 * variants' GB/s is the ratio of their times.  GFLOP/s = 2 * h * w * c * 9
 * / median time (0 for memcpy).  The checksum (sum of O as double after
 * one call on fresh data) lets the runner flag a variant that computes
 * something else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../bench_util.h" /* cmp_double, alloc_fill */

#if defined(KERNEL_SOURCE)
#define SCHEDCC_NO_MAIN 1
#include KERNEL_SOURCE
#elif defined(BENCH_ONEDNN)
#include <oneapi/dnnl/dnnl.h>
#elif !defined(BENCH_MEMCPY)
#error "define KERNEL_SOURCE, BENCH_ONEDNN or BENCH_MEMCPY"
#endif

#ifndef BATCH_US
#define BATCH_US 2000
#endif

static double now_us(void) { return 1e3 * now_ms(); }

static int h, w, c;
static float *I, *F, *O;

#if defined(BENCH_ONEDNN)
static dnnl_engine_t eng;
static dnnl_stream_t strm;
static dnnl_primitive_t conv;
static dnnl_memory_t mi, mf, mo;

#define DNNL_CHECK(call)                                                       \
  do {                                                                         \
    dnnl_status_t st_ = (call);                                                \
    if (st_ != dnnl_success) {                                                 \
      fprintf(stderr, "oneDNN: %s failed (%d)\n", #call, (int)st_);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* Forward inference (oneDNN 2.x C API, as Debian 12 ships it: 2.6), NHWC
 * input and output (N = 1), the filter as goihw with g = c and o = i = 1
 * (F[ky][kx][ch] is the layout hwigo), a sum post-op so that
 * O += conv(I, F) as in the C kernel.  The filter is reordered once into
 * the layout the primitive prefers (as a framework does with weights);
 * the data stay NHWC. */
static void onednn_setup(void) {
  DNNL_CHECK(dnnl_engine_create(&eng, dnnl_cpu, 0));
  DNNL_CHECK(dnnl_stream_create(&strm, eng, dnnl_stream_default_flags));
  dnnl_dims_t sd = {1, c, h + 2, w + 2}, wd = {c, 1, 1, 3, 3},
              dd = {1, c, h, w}, strides = {1, 1}, pad = {0, 0};
  dnnl_memory_desc_t src_md, wei_md, dst_md, wei_any;
  DNNL_CHECK(dnnl_memory_desc_init_by_tag(&src_md, 4, sd, dnnl_f32, dnnl_nhwc));
  DNNL_CHECK(
      dnnl_memory_desc_init_by_tag(&wei_md, 5, wd, dnnl_f32, dnnl_hwigo));
  DNNL_CHECK(dnnl_memory_desc_init_by_tag(&dst_md, 4, dd, dnnl_f32, dnnl_nhwc));
  DNNL_CHECK(dnnl_memory_desc_init_by_tag(&wei_any, 5, wd, dnnl_f32,
                                          dnnl_format_tag_any));
  dnnl_convolution_desc_t cd;
  DNNL_CHECK(dnnl_convolution_forward_desc_init(
      &cd, dnnl_forward_inference, dnnl_convolution_direct, &src_md, &wei_any,
      NULL, &dst_md, strides, pad, pad));
  dnnl_post_ops_t po;
  DNNL_CHECK(dnnl_post_ops_create(&po));
  DNNL_CHECK(dnnl_post_ops_append_sum(po, 1.0f));
  dnnl_primitive_attr_t attr;
  DNNL_CHECK(dnnl_primitive_attr_create(&attr));
  DNNL_CHECK(dnnl_primitive_attr_set_post_ops(attr, po));
  dnnl_primitive_desc_t pd;
  DNNL_CHECK(dnnl_primitive_desc_create(&pd, &cd, attr, eng, NULL));
  const dnnl_memory_desc_t *wei_pd =
      dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
  DNNL_CHECK(dnnl_primitive_create(&conv, pd));
  DNNL_CHECK(dnnl_memory_create(&mi, &src_md, eng, I));
  DNNL_CHECK(dnnl_memory_create(&mo, &dst_md, eng, O));
  dnnl_memory_t mf_user;
  DNNL_CHECK(dnnl_memory_create(&mf_user, &wei_md, eng, F));
  DNNL_CHECK(dnnl_memory_create(&mf, wei_pd, eng, DNNL_MEMORY_ALLOCATE));
  dnnl_primitive_desc_t rpd;
  dnnl_primitive_t reorder;
  DNNL_CHECK(dnnl_reorder_primitive_desc_create(&rpd, &wei_md, eng, wei_pd, eng,
                                                NULL));
  DNNL_CHECK(dnnl_primitive_create(&reorder, rpd));
  dnnl_exec_arg_t rargs[2] = {{DNNL_ARG_FROM, mf_user}, {DNNL_ARG_TO, mf}};
  DNNL_CHECK(dnnl_primitive_execute(reorder, strm, 2, rargs));
  DNNL_CHECK(dnnl_stream_wait(strm));
  const char *impl = NULL;
  dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
  fprintf(stderr, "oneDNN implementation: %s\n", impl ? impl : "?");
}
#endif

#if defined(BENCH_MEMCPY)
static float *src, *dst;
static size_t bytes;
#endif

static void call(void) {
#if defined(KERNEL_SOURCE)
  dwconv(h, w, c, (float(*)[w + 2][c]) I, (float(*)[3][c])F, (float(*)[w][c])O);
#elif defined(BENCH_ONEDNN)
  dnnl_exec_arg_t args[3] = {
      {DNNL_ARG_SRC, mi}, {DNNL_ARG_WEIGHTS, mf}, {DNNL_ARG_DST, mo}};
  DNNL_CHECK(dnnl_primitive_execute(conv, strm, 3, args));
  DNNL_CHECK(dnnl_stream_wait(strm));
#else
  memcpy(dst, src, bytes); /* dst is read after the runs: kept */
#endif
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: dwconv_harness H W C [RUNS]\n");
    return 2;
  }
  h = atoi(argv[1]), w = atoi(argv[2]), c = atoi(argv[3]);
  int runs = argc > 4 ? atoi(argv[4]) : 7;
  if (h < 1 || w < 1 || c < 1 || runs < 1 || runs > 1000) {
    fprintf(stderr, "dwconv_harness: bad sizes or runs\n");
    return 2;
  }
  size_t ni = (size_t)(h + 2) * (w + 2) * c, nf = (size_t)9 * c,
         no = (size_t)h * w * c;
  I = alloc_fill(ni, 1), F = alloc_fill(nf, 2), O = alloc_fill(no, 3);
  double total_bytes = (double)(ni + nf + no) * sizeof(float);
#if defined(BENCH_MEMCPY)
  bytes = (ni + nf + no) * sizeof(float);
  src = alloc_fill(ni + nf + no, 4), dst = alloc_fill(ni + nf + no, 5);
#elif defined(BENCH_ONEDNN)
  onednn_setup();
#endif
  /* one call on fresh data: the checksum */
  call();
  double check = 0;
#if defined(BENCH_MEMCPY)
  for (size_t i = 0; i < ni + nf + no; i++)
    check += dst[i];
#else
  for (size_t i = 0; i < no; i++)
    check += O[i];
#endif
  /* calls per batch: about BATCH_US microseconds */
  double t0 = now_us();
  int calib = 0;
  do {
    call();
    calib++;
  } while (now_us() - t0 < BATCH_US && calib < 1000000);
  int batch = calib;
  double *t = malloc((size_t)runs * sizeof(double));
  for (int r = 0; r < runs; r++) {
    double s = now_us();
    for (int b = 0; b < batch; b++)
      call();
    t[r] = (now_us() - s) / batch;
  }
  qsort(t, (size_t)runs, sizeof(double), cmp_double);
  double med = t[runs / 2];
#if defined(BENCH_MEMCPY)
  double flops = 0;
  check += dst[0] * 0.0; /* the last copy is read */
#else
  double flops = 2.0 * h * w * (double)c * 9;
#endif
  printf("%.3f %.3f %.1f %.1f %.6e\n", med, t[0], total_bytes / med * 1e-3,
         flops / med * 1e-3, check);
  free(t);
  return 0;
}
