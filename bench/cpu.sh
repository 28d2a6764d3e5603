# cpu.sh — sourced by the benchmark scripts (sh has no modules): the CPU
# line every benchmark prints, and OpenBLAS's best kernels for this CPU.
#   . bench/cpu.sh; cpu_line; obcores=$(openblas_core BUILD_DIR)

# "AMD EPYC (family 25 model 17)"
cpu_line() {
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //') (family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 '^model[[:space:]]' /proc/cpuinfo | cut -d: -f2 | tr -d ' '))"
}

# The OPENBLAS_CORETYPEs of OpenBLAS's candidate best kernels here, from
# the machine model's ISA (schedcc --print-target, for the compile flags
# after the build directory, e.g. -march=znver2): with AVX-512 SkylakeX and
# the AVX2 kernels of the vendor (Zen on AMD, Haswell on Intel: on a Zen 4
# core OpenBLAS 0.3.21's Zen sgemm beat its SkylakeX one at K = 16, 0.35
# against 0.49 ms, bench/README.md), with AVX2 those alone; empty
# otherwise.  The benchmarks run each and compare with the fastest.
openblas_core() {
  b=$1; shift
  avx2=Haswell
  grep -q AuthenticAMD /proc/cpuinfo && avx2=Zen
  case $("$b/schedcc" --print-target ${1:+--} "$@" 2>/dev/null | sed -n 's/^isa: //p') in
    avx512) echo "SkylakeX $avx2";;
    avx2) echo "$avx2";;
  esac
}
