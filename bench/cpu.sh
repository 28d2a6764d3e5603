# cpu.sh — sourced by the benchmark scripts (sh has no modules): the CPU
# line every benchmark prints, and OpenBLAS's best kernels for this CPU.
#   . bench/cpu.sh; cpu_line; obcore=$(openblas_core BUILD_DIR)

# "AMD EPYC (family 25 model 17)"
cpu_line() {
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //') (family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 '^model[[:space:]]' /proc/cpuinfo | cut -d: -f2 | tr -d ' '))"
}

# The OPENBLAS_CORETYPE of OpenBLAS's best kernels here, from the machine
# model's ISA (schedcc --print-target): SkylakeX with AVX-512, else Zen on
# AMD or Haswell with AVX2; empty otherwise.
openblas_core() {
  case $("$1/schedcc" --print-target 2>/dev/null | sed -n 's/^isa: //p') in
    avx512) echo SkylakeX;;
    avx2) if grep -q AuthenticAMD /proc/cpuinfo; then echo Zen; else echo Haswell; fi;;
  esac
}
