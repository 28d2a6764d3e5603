/* mach_model.c — named CPUs, the fields by name, printing, and the choice
 * of the model a compilation targets.
 *
 * The table holds the CPU names GCC and LLVM take in -march=/-mcpu= that
 * schedcc's users target most, with typical per-core values: the vector
 * ISA, its registers, the FMA pipes (Intel "64 and IA-32 Architectures
 * Optimization Reference Manual"; AMD "Software Optimization Guide" for
 * families 17h, 19h and 1Ah; Arm "Neoverse N1/N2/V1/V2 Software
 * Optimization Guide"), the L1 data and L2 caches per core and a common L3
 * of the family's server parts (the product briefs).  A CPU that is not
 * listed is compiled with the host's model and a warning.
 */
#include "mach.h"

#include <string.h>

#define SRC "the table of named CPUs (typical values: schedcc --print-target)"
#define K (INT64_C(1) << 10)
#define M (INT64_C(1) << 20)

/* name, arch, isa, vector bits, vector registers, FMA units x bits, L1d,
 * L2, L3 (line: 64 bytes everywhere here) */
static const mach_model table[] = {
    /* the x86-64 micro-architecture levels (psABI): generic parts */
    {"x86-64", SRC, "x86_64", "scalar", 0, 16, 0, 0, 32 * K, 256 * K, 8 * M, 64,
     0, 0},
    {"x86-64-v2", SRC, "x86_64", "sse4.2", 128, 16, 2, 128, 32 * K, 256 * K,
     8 * M, 64, 0, 0},
    {"x86-64-v3", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 1 * M, 32 * M,
     64, 0, 0},
    {"x86-64-v4", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K, 2 * M,
     32 * M, 64, 0, 0},
    /* Intel */
    {"haswell", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 256 * K, 8 * M,
     64, 6, 0x3c},
    {"broadwell", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 256 * K,
     8 * M, 64, 6, 0x3d},
    {"skylake", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 256 * K, 8 * M,
     64, 6, 0x5e},
    {"alderlake", SRC, "x86_64", "avx2", 256, 16, 2, 256, 48 * K, 1280 * K,
     30 * M, 64, 6, 0x97},
    {"skylake-avx512", SRC, "x86_64", "avx512", 512, 32, 2, 512, 32 * K, 1 * M,
     32 * M, 64, 6, 0x55},
    {"cascadelake", SRC, "x86_64", "avx512", 512, 32, 2, 512, 32 * K, 1 * M,
     32 * M, 64, 6, 0x55},
    {"icelake-client", SRC, "x86_64", "avx512", 512, 32, 1, 512, 48 * K,
     512 * K, 8 * M, 64, 6, 0x7e},
    {"tigerlake", SRC, "x86_64", "avx512", 512, 32, 1, 512, 48 * K, 1280 * K,
     12 * M, 64, 6, 0x8c},
    {"icelake-server", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K,
     1280 * K, 48 * M, 64, 6, 0x6a},
    {"sapphirerapids", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K, 2 * M,
     105 * M, 64, 6, 0x8f},
    {"emeraldrapids", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K, 2 * M,
     320 * M, 64, 6, 0xcf},
    {"graniterapids", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K, 2 * M,
     504 * M, 64, 6, 0xad},
    /* AMD */
    {"znver1", SRC, "x86_64", "avx2", 256, 16, 2, 128, 32 * K, 512 * K, 8 * M,
     64, 0x17, 0x01},
    {"znver2", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 512 * K, 16 * M,
     64, 0x17, 0x31},
    {"znver3", SRC, "x86_64", "avx2", 256, 16, 2, 256, 32 * K, 512 * K, 32 * M,
     64, 0x19, 0x01},
    {"znver4", SRC, "x86_64", "avx512", 512, 32, 2, 256, 32 * K, 1 * M, 32 * M,
     64, 0x19, 0x11},
    {"znver5", SRC, "x86_64", "avx512", 512, 32, 2, 512, 48 * K, 1 * M, 32 * M,
     64, 0x1a, 0x02},
    /* AArch64 */
    {"generic", SRC, "aarch64", "neon", 128, 32, 2, 128, 32 * K, 512 * K, 0, 64,
     0, 0},
    {"armv8-a", SRC, "aarch64", "neon", 128, 32, 2, 128, 32 * K, 512 * K, 0, 64,
     0, 0},
    {"cortex-a72", SRC, "aarch64", "neon", 128, 32, 2, 128, 32 * K, 1 * M, 0,
     64, 0, 0},
    {"cortex-a76", SRC, "aarch64", "neon", 128, 32, 2, 128, 64 * K, 512 * K,
     4 * M, 64, 0, 0},
    {"neoverse-n1", SRC, "aarch64", "neon", 128, 32, 2, 128, 64 * K, 1 * M,
     32 * M, 64, 0, 0},
    {"neoverse-n2", SRC, "aarch64", "neon", 128, 32, 2, 128, 64 * K, 1 * M,
     32 * M, 64, 0, 0},
    {"neoverse-v1", SRC, "aarch64", "neon", 128, 32, 4, 128, 64 * K, 1 * M,
     32 * M, 64, 0, 0},
    {"neoverse-v2", SRC, "aarch64", "neon", 128, 32, 4, 128, 64 * K, 2 * M,
     114 * M, 64, 0, 0},
    {"apple-m1", SRC, "aarch64", "neon", 128, 32, 4, 128, 128 * K, 12 * M, 0,
     128, 0, 0},
};

const mach_model *mach_for_cpu(const char *cpu) {
  if (!cpu)
    return NULL;
  if (strcmp(cpu, "native") == 0)
    return mach_host();
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, cpu) == 0)
      return &table[i];
  return NULL;
}

/* The CPU a compile flag names: -march=X, -mcpu=X (NULL otherwise). */
static const char *cpu_flag(const char *a) {
  if (strncmp(a, "-march=", 7) == 0)
    return a + 7;
  if (strncmp(a, "-mcpu=", 6) == 0)
    return a + 6;
  return NULL;
}

/* The architecture of a --target=TRIPLE / -target TRIPLE flag, as the
 * models name it ("x86_64", "aarch64"), or NULL when the flags name none
 * or one without a model. */
static const char *target_arch(const char *const *flags, int nflags) {
  const char *t = NULL;
  for (int i = 0; i < nflags; i++) {
    if (flags[i] && strncmp(flags[i], "--target=", 9) == 0)
      t = flags[i] + 9;
    else if (flags[i] && strcmp(flags[i], "-target") == 0 && i + 1 < nflags)
      t = flags[++i];
  }
  if (!t)
    return NULL;
  if (strncmp(t, "aarch64", 7) == 0 || strncmp(t, "arm64", 5) == 0)
    return "aarch64";
  if (strncmp(t, "x86_64", 6) == 0)
    return "x86_64";
  return NULL;
}

const mach_model *mach_select(scc_ctx *ctx, const char *const *flags,
                              int nflags, const char *mcpu) {
  const char *cpu = mcpu;
  for (int i = 0; i < nflags && !mcpu; i++)
    if (flags[i] && cpu_flag(flags[i]))
      cpu = cpu_flag(flags[i]);
  if (!cpu) { /* --target=<arch>-...: that architecture's generic model */
    const char *arch = target_arch(flags, nflags);
    const mach_model *h = mach_host();
    if (!arch || strcmp(arch, h->arch) == 0)
      return h;
    return mach_for_cpu(strcmp(arch, "aarch64") == 0 ? "generic" : "x86-64");
  }
  const mach_model *m = mach_for_cpu(cpu);
  if (m)
    return m;
  if (ctx)
    scc_diag(ctx, SCC_WARNING, (scc_loc){0},
             "no machine model for CPU '%s': the host's is used (schedcc "
             "--print-target lists the CPUs it knows)",
             cpu);
  return mach_host();
}

/* ---- fields by name --------------------------------------------------- */

typedef enum key_id {
  KEY_VECTOR_BITS,
  KEY_VECTOR_REGISTERS,
  KEY_LANES_F32,
  KEY_LANES_F64,
  KEY_FMA_UNITS,
  KEY_FMA_BITS,
  KEY_L1D,
  KEY_L2,
  KEY_L3,
  KEY_LINE,
  KEY_MK_ROWS,
  KEY_MK_VECS,
  KEY_FADD_UNITS,
  KEY_COUNT
} key_id;

static const char *const key_names[KEY_COUNT] = {
    "vector_bits", "vector_registers", "lanes_f32", "lanes_f64", "fma_units",
    "fma_bits",    "l1d_bytes",        "l2_bytes",  "l3_bytes",  "line_bytes",
    "mk_rows",     "mk_vecs",          "fadd_units"};

/* The register tile of a single-precision matrix-product micro-kernel
 * (C += A * B, C row-major, one broadcast of A per row and k): rows of C
 * by vectors of C per row, as BLIS sets MR and NR per sub-configuration
 * (bli_cntx_init_<config>: the blocksizes of each micro-architecture's
 * kernels, chosen by its maintainers).  From measurements of the case
 * study's matrix product (samples/bmm.c, bench/README.md) where both were
 * timed, and the analytical rule elsewhere (as many accumulators as the
 * registers hold beside the row of B and one broadcast):
 *  - AVX-512 on AMD (families 17h and later: Zen 4, Zen 5): 14 x 2 (28
 *    zmm accumulators); MLIR's sweep chose 14 x 32 floats on both, and 6
 *    x 4 was 4% slower on Zen 5 (2026-12-02);
 *  - AVX-512 on Intel and on the generic x86-64-v4: 6 x 4 (24); on a
 *    family 6 model 207 core (issue 25) 6 x 64 floats won in Halide's
 *    and MLIR's sweeps and in schedcc, every 14-row tile 12-38% slower;
 *    on a model 167 one 6 x 4 won in Halide's sweep and in schedcc, where
 *    MLIR's chose 7 x 64 (2026-12-02) and 4 x 64 (2026-12-03), not 14
 *    rows;
 *  - 16 registers (AVX2, SSE): 6 x 2 (12 ymm accumulators);
 *  - NEON (32 registers of 4 floats): 5 x 4; scalar: 6 x 2.
 * The mechanism that makes the two AVX-512 families differ is not known;
 * the values are measured, as OpenBLAS's and BLIS's per-core kernels are. */
static void micro_kernel(const mach_model *m, int *rows, int *vecs) {
  bool amd = m->family >= 0x17;
  if (m->vector_bits >= 512 && m->vector_registers >= 32)
    *rows = amd ? 14 : 6, *vecs = amd ? 2 : 4;
  else if (m->vector_bits == 128 && m->vector_registers >= 32)
    *rows = 5, *vecs = 4;
  else
    *rows = 6, *vecs = 2;
}

/* The vector floating-point add pipes beside the FMA pipes: additions
 * that run on pipes of their own, so that a sum issued both as additions
 * and as fused multiply-adds by 1 (loop.vectorize {fma_adds}) keeps more
 * pipes busy than one issued as additions alone.  AMD's cores since Zen 1
 * have two (FP2 and FP3 beside the FMA pipes FP0 and FP1: AMD "Software
 * Optimization Guide" for families 17h, 19h and 1Ah, "Floating-Point
 * Unit"); Intel's cores add on the FMA ports (ports 0 and 1, and 5 for
 * 512-bit vectors on the servers: Intel "Optimization Reference Manual"),
 * and Arm's Neoverse cores on their FP/ASIMD pipes, which all fuse: 0.
 * Measured on a Xeon family 6 model 167 (2026-12-03, 8 x 1024 floats in
 * L1, bench/bandwidth.c): row sums with 8 accumulators 131 ns a call,
 * with 4 of them through FMAs 145; on Zen 4 and 5 the FMAs made it 86% to
 * 94% of the copy bandwidth (samples/rowsum.fast.sched). */
static int fadd_units(const mach_model *m) {
  bool amd = m->family >= 0x17;
  return amd && m->vector_bits >= 128 ? 2 : 0;
}

static int64_t key_value(const mach_model *m, key_id k) {
  switch (k) {
  case KEY_VECTOR_BITS:
    return m->vector_bits;
  case KEY_VECTOR_REGISTERS:
    return m->vector_registers;
  case KEY_LANES_F32: /* scalar code: one lane */
    return m->vector_bits >= 32 ? m->vector_bits / 32 : 1;
  case KEY_LANES_F64:
    return m->vector_bits >= 64 ? m->vector_bits / 64 : 1;
  case KEY_FMA_UNITS:
    return m->fma_units;
  case KEY_FMA_BITS:
    return m->fma_bits;
  case KEY_L1D:
    return m->l1d_bytes;
  case KEY_L2:
    return m->l2_bytes;
  case KEY_L3:
    return m->l3_bytes;
  case KEY_LINE:
    return m->line_bytes;
  case KEY_MK_ROWS:
  case KEY_MK_VECS: {
    int rows, vecs;
    micro_kernel(m, &rows, &vecs);
    return k == KEY_MK_ROWS ? rows : vecs;
  }
  case KEY_FADD_UNITS:
    return fadd_units(m);
  case KEY_COUNT:
    break;
  }
  return 0;
}

bool mach_get(const mach_model *m, const char *key, int64_t *out) {
  for (int k = 0; k < KEY_COUNT; k++)
    if (strcmp(key, key_names[k]) == 0) {
      *out = key_value(m, (key_id)k);
      return true;
    }
  return false;
}

const char *mach_key_names(void) {
  return "vector_bits, vector_registers, lanes_f32, lanes_f64, fma_units, "
         "fma_bits, l1d_bytes, l2_bytes, l3_bytes, line_bytes, mk_rows, "
         "mk_vecs, fadd_units";
}

void mach_print(FILE *out, const mach_model *m, bool list_cpus) {
  fprintf(out, "cpu: %s\n", m->name);
  fprintf(out, "source: %s\n", m->source);
  fprintf(out, "arch: %s\n", m->arch);
  fprintf(out, "isa: %s\n", m->isa);
  char key[96];
  mach_wisdom_key(m, key, sizeof key);
  fprintf(out, "wisdom key: %s\n", key);
  for (int k = 0; k < KEY_COUNT; k++)
    fprintf(out, "%s = %lld\n", key_names[k],
            (long long)key_value(m, (key_id)k));
  if (list_cpus) {
    fprintf(out, "known CPUs (-march=, -mcpu=, --mcpu=):");
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
      fprintf(out, "%s%s", i % 8 ? " " : "\n  ", table[i].name);
    fprintf(out, "\n");
  }
}
