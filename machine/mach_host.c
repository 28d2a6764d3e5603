/* mach_host.c — the host's machine model: cpuid and sysfs.
 *
 * x86: the vendor, family, model and brand string from cpuid (Intel SDM
 * Vol. 2A, CPUID leaves 0, 1 and 0x80000002-4; AMD APM Vol. 3, the same
 * leaves), the vector extensions from __builtin_cpu_supports (which also
 * checks that the OS saves the registers: XGETBV), the FMA pipes from the
 * family and model (the vendors' optimization manuals: Intel's "Optimization
 * Reference Manual", AMD's "Software Optimization Guide" for each family),
 * since no cpuid leaf gives them.  AArch64: NEON (every AArch64 core has
 * it), 32 vector registers.  Caches, everywhere: the kernel's description in
 * /sys/devices/system/cpu/cpu0/cache/index<N>/{level,type,size,
 * coherency_line_size} (Documentation/ABI/testing/sysfs-devices-system-cpu);
 * a field it does not give keeps the ISA's common value and `source` says
 * so.
 */
#include "mach.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* "48K", "1024K", "32M" (sysfs), in bytes; -1 when unreadable. */
static int64_t parse_size(const char *s) {
  char *end;
  long long v = strtoll(s, &end, 10);
  if (end == s || v < 0)
    return -1;
  switch (toupper((unsigned char)*end)) {
  case 'K':
    return (int64_t)v << 10;
  case 'M':
    return (int64_t)v << 20;
  case 'G':
    return (int64_t)v << 30;
  default:
    return v;
  }
}

/* The first line of a sysfs file into buf (newline dropped). */
static bool read_line(const char *path, char *buf, size_t n) {
  FILE *f = fopen(path, "r");
  if (!f)
    return false;
  bool ok = fgets(buf, (int)n, f) != NULL;
  fclose(f);
  if (ok)
    buf[strcspn(buf, "\n")] = 0;
  return ok;
}

/* Caches from sysfs; returns how many of the four values were read. */
static int sysfs_caches(mach_model *m) {
  int found = 0;
  for (int i = 0; i < 16; i++) {
    char path[128], level[16], type[32], size[32], line[32];
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    if (!read_line(path, level, sizeof level))
      break;
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
    if (!read_line(path, type, sizeof type) || strcmp(type, "Instruction") == 0)
      continue;
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    int64_t bytes = read_line(path, size, sizeof size) ? parse_size(size) : -1;
    if (bytes <= 0)
      continue;
    int lv = atoi(level);
    if (lv == 1) {
      m->l1d_bytes = bytes;
      found++;
      snprintf(path, sizeof path,
               "/sys/devices/system/cpu/cpu0/cache/index%d/"
               "coherency_line_size",
               i);
      if (read_line(path, line, sizeof line) && atoi(line) > 0) {
        m->line_bytes = atoi(line);
        found++;
      }
    } else if (lv == 2) {
      m->l2_bytes = bytes;
      found++;
    } else if (lv == 3) {
      m->l3_bytes = bytes;
      found++;
    }
  }
  return found;
}

#if defined(__x86_64__) || defined(__i386__)
/* The vector FMA pipes of an x86 core with the given vector ISA (see the
 * top): units and the width of each. */
static void x86_fma(mach_model *m, bool amd) {
  int f = m->family, md = m->model;
  m->fma_units = 2;
  m->fma_bits = m->vector_bits;
  if (amd) {
    if (f == 0x17 && md < 0x30) /* Zen 1: four 128-bit FP pipes */
      m->fma_bits = 128;
    else if (f == 0x19 && m->vector_bits == 512) /* Zen 4: 256-bit pipes */
      m->fma_bits = 256;
    else if (f == 0x1a && md >= 0x20 && md < 0x40) /* Zen 5 mobile */
      m->fma_bits = 256;
  } else if (f == 6 && m->vector_bits == 512) {
    /* client cores with AVX-512 (Ice Lake, Tiger Lake, Rocket Lake): one
     * 512-bit FMA (ports 0 and 1 fused); servers have two.  A server core
     * a hypervisor shows as Rocket Lake (model 0xa7) is known by AMX
     * (cpuid 7: EDX bit 24, AMX-TILE), which no client core has: measured
     * 132.5 GFLOP/s of fp32 FMAs there, two 512-bit pipes at 2.1 GHz */
    unsigned a = 0, b = 0, c = 0, d = 0;
    bool amx = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (d >> 24 & 1);
    if (!amx &&
        (md == 0x7d || md == 0x7e || md == 0x8c || md == 0x8d || md == 0xa7))
      m->fma_units = 1;
  }
}

static void host_x86(mach_model *m, char *brand, size_t nbrand) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  char vendor[13] = {0};
  if (__get_cpuid(0, &a, &b, &c, &d)) {
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
  }
  if (__get_cpuid(1, &a, &b, &c, &d)) {
    int base = (int)((a >> 8) & 0xf);
    m->family = base == 0xf ? base + (int)((a >> 20) & 0xff) : base;
    m->model = (int)((a >> 4) & 0xf);
    if (base == 6 || base == 0xf)
      m->model |= (int)((a >> 16) & 0xf) << 4;
  }
  unsigned max = __get_cpuid_max(0x80000000, NULL);
  if (max >= 0x80000004 && nbrand > 48) {
    unsigned *w = (unsigned *)brand;
    for (unsigned l = 0; l < 3; l++)
      __get_cpuid(0x80000002 + l, &w[4 * l], &w[4 * l + 1], &w[4 * l + 2],
                  &w[4 * l + 3]);
    brand[48] = 0;
  }
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) {
    m->isa = "avx512", m->vector_bits = 512, m->vector_registers = 32;
  } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    m->isa = "avx2", m->vector_bits = 256, m->vector_registers = 16;
  } else if (__builtin_cpu_supports("sse4.2")) {
    m->isa = "sse4.2", m->vector_bits = 128, m->vector_registers = 16;
  } else {
    m->isa = "scalar", m->vector_bits = 0, m->vector_registers = 16;
  }
  x86_fma(m, strcmp(vendor, "AuthenticAMD") == 0);
  if (!__builtin_cpu_supports("fma"))
    m->fma_units = m->fma_bits = 0;
}
#endif

/* A brand string without its padding and repeated blanks. */
static const char *tidy(char *s) {
  char *o = s;
  for (char *p = s; *p; p++)
    if (!isspace((unsigned char)*p) || (o > s && o[-1] != ' '))
      *o++ = isspace((unsigned char)*p) ? ' ' : *p;
  while (o > s && o[-1] == ' ')
    o--;
  *o = 0;
  return s;
}

static mach_model host;
static char host_name[64], host_source[160];
static bool host_done;

const mach_model *mach_host(void) {
  if (host_done)
    return &host;
  host_done = true;
  mach_model *m = &host;
  /* the common values, kept where nothing better is read */
  *m = (mach_model){.arch = "unknown",
                    .isa = "scalar",
                    .vector_registers = 16,
                    .l1d_bytes = 32 << 10,
                    .l2_bytes = 1 << 20,
                    .l3_bytes = 32 << 20,
                    .line_bytes = 64};
  char brand[64] = {0};
#if defined(__x86_64__) || defined(__i386__)
  m->arch = "x86_64";
  host_x86(m, brand, sizeof brand);
#elif defined(__aarch64__)
  m->arch = "aarch64";
  m->isa = "neon", m->vector_bits = 128, m->vector_registers = 32;
  m->fma_units = 2, m->fma_bits = 128;
  m->l3_bytes = 0;
#endif
  int read = sysfs_caches(m);
  tidy(brand);
  if (brand[0])
    snprintf(host_name, sizeof host_name, "%s", brand);
  else
    snprintf(host_name, sizeof host_name, "%s host", m->arch);
  m->name = host_name;
  const char *caches = read >= 4  ? "from /sys/devices/system/cpu/cpu0/cache"
                       : read > 0 ? "partly from /sys/devices/system/cpu/cpu0/"
                                    "cache, the rest common values"
                                  : "not readable (common values)";
  if (m->family)
    snprintf(host_source, sizeof host_source,
             "the host: cpuid (family %d model %d), caches %s", m->family,
             m->model, caches);
  else
    snprintf(host_source, sizeof host_source, "the host (%s), caches %s",
             m->arch, caches);
  m->source = host_source;
  return m;
}
