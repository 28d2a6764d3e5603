/* mach.h — the machine model: what the library's sequences and tunable
 * schedules need to know of the CPU that will run the code, so that a
 * shipped schedule chooses its register tile and blocking for that CPU
 * (BLIS's analytical model: Low, Igual, Smith and Quintana-Orti,
 * "Analytical Modeling Is Enough for High-Performance BLIS", ACM TOMS
 * 43(2), 2016, derives MR, NR from the vector registers and FMA units and
 * KC, MC, NC from the cache sizes).
 *
 * Two sources, one structure:
 *  - the host (mach_host): cpuid for the vendor, family, model, brand and
 *    vector extensions, /sys/devices/system/cpu/cpu0/cache for the caches
 *    (the sizes the kernel reports, L3 as the slice the core shares);
 *  - a named CPU (mach_for_cpu: the names GCC's and LLVM's -march=/-mcpu=
 *    take, "x86-64-v3", "znver4", "sapphirerapids", "neoverse-v1", ...): a
 *    table of typical per-core values from the vendors' optimization
 *    manuals, for cross-compiling to a machine that is not this one.
 * The room uses nothing but support/: the schedules (param.target), the
 * transforms and the backends may read it; only the driver chooses which
 * model a run uses (mach_select). */
#ifndef SCHEDCC_MACH_H
#define SCHEDCC_MACH_H

#include "../support/scc.h"

#include <stdint.h>
#include <stdio.h>

/* One CPU core as schedules see it.  Sizes in bytes; 0 where unknown (a
 * CPU without an L3). */
typedef struct mach_model {
  const char *name;   /* the CPU: "znver4", or the host's brand string */
  const char *source; /* where the values come from (printed) */
  const char *arch;   /* "x86_64" or "aarch64" */
  /* The best vector instruction set the CPU has, as the schedule language
   * names them: "avx512", "avx2", "sse4.2", "neon", or "scalar". */
  const char *isa;
  int vector_bits;      /* width of a vector register of that ISA (0: none) */
  int vector_registers; /* architectural vector registers of that ISA */
  int fma_units;        /* vector FMA pipes per core */
  int fma_bits;         /* the datapath width of each pipe (Zen 4 runs 512-bit
                           FMAs on two 256-bit pipes: 2 x 256) */
  int64_t l1d_bytes;    /* level 1 data cache, per core */
  int64_t l2_bytes;     /* level 2, per core */
  int64_t l3_bytes;     /* level 3 the core shares (0: none) */
  int line_bytes;       /* cache line */
  int family, model;    /* x86 cpuid family and model (0 elsewhere) */
} mach_model;

/* The host's model, computed once per process (later calls return the same
 * object; never NULL: what cannot be read falls back to the values of the
 * ISA's most common CPUs, and `source` says which values were read). */
const mach_model *mach_host(void);

/* The model of a CPU named as -march=/-mcpu= name it ("native": the
 * host's), or NULL for a name the table does not hold. */
const mach_model *mach_for_cpu(const char *cpu);

/* The model a compilation targets: the last -march=/-mcpu= among `flags`
 * (the compile flags after "--"), overridden by `mcpu` (--mcpu=) when not
 * NULL; with neither, the generic model of the architecture a --target=
 * triple names when it is not the host's (aarch64: "generic", x86_64:
 * "x86-64"), else the host's ("native" too).  A name the table
 * does not hold gives the host's model with a warning through ctx
 * ("schedcc: warning: no machine model for CPU 'x': the host's is used;
 * schedcc --print-target lists the CPUs it knows").  Never NULL. */
const mach_model *mach_select(scc_ctx *ctx, const char *const *flags,
                              int nflags, const char *mcpu);

/* The value of one field by its param.target name ("l1d_bytes",
 * "vector_registers", "lanes_f32", ...; mach_key_names lists them):
 * true with *out set, false for an unknown name. */
bool mach_get(const mach_model *m, const char *key, int64_t *out);

/* The names mach_get takes, comma separated (for diagnostics). */
const char *mach_key_names(void);

/* Prints the model as `schedcc --print-target` shows it: the CPU, the
 * source of the values, then one `key = value` line per param.target
 * name.  With `list_cpus`, also the CPU names mach_for_cpu knows. */
void mach_print(FILE *out, const mach_model *m, bool list_cpus);

/* ---- wisdom (mach_wisdom.c) -------------------------------------------- */

/* The key of a CPU model in wisdom files: "arch:family:model:isa"
 * ("x86_64:25:17:avx512"), written into buf (n bytes). */
void mach_wisdom_key(const mach_model *m, char *buf, size_t n);

/* The FNV-1a 64-bit hash of a file's bytes (the schedule a wisdom entry
 * was tuned for); false when it cannot be read. */
bool mach_file_hash(const char *path, uint64_t *out);

/* The tunable values a wisdom file holds for one CPU model, schedule and
 * input file (arena strings and values, `n` of them), the time measured
 * with them (ms) and the line. */
typedef struct mach_wisdom {
  int n;
  const char **names;
  int64_t *values;
  double ms;
  int line;
} mach_wisdom;

/* The last entry of the wisdom file at `path` for the CPU key, the
 * schedule's hash and the input file (compared without its directory):
 * true with *out set.  False when there is none or no file (no wisdom
 * yet); a line that is not an entry is warned about (file:line) and
 * skipped.  Format: see mach_wisdom.c. */
bool mach_wisdom_find(scc_ctx *ctx, const char *path, const char *cpu_key,
                      uint64_t schedule_hash, const char *input,
                      mach_wisdom *out);

#endif
