#!/bin/sh
# Installs the Debian packages schedcc needs, when they are missing.
# Usage: scripts/install-deps.sh [--bench]   (--bench adds the reference
# libraries the benchmarks compare against).  Needs root for apt-get.
set -eu
pkgs="cmake make gcc clang-19 libclang-19-dev llvm-19-dev libisl-dev libcmocka-dev libomp-19-dev python3-optuna python3-matplotlib"
# a tuning study on a PostgreSQL server that test/tune-pg.sh starts itself
pkgs="$pkgs postgresql python3-psycopg2"
# the wrapper's cache tests (test/wrapper-build.sh: ccache, objdump) and
# the editor files' tests (test/editors/: vim; npm for the TextMate
# grammar's vscode-tmgrammar-test)
pkgs="$pkgs ccache binutils vim"
# loop.to_library's calls (the library tests: test/difftol/gemmlib.*,
# samples/bmm.lib.sched): OpenBLAS's CBLAS, libxsmm 1.17 (and the
# reference BLAS its static library needs)
pkgs="$pkgs libopenblas-dev libxsmm-dev libblas-dev"
# AArch64: the cross compiler, its C library and user-mode emulation, for
# the NEON differential tests (test/neon.sh) and the cross-built wrapper
# project
pkgs="$pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm" # (or nodejs's own npm)
if [ "${1:-}" = "--bench" ]; then
  # the case study's scheduling-language anchors: Halide 14 (JIT) and the
  # MLIR 19 Transform dialect (mlir-opt-19, mlir-translate-19); oneDNN for
  # bench/dwconv.sh
  pkgs="$pkgs libblis-dev time libhalide14-0-dev mlir-19-tools libdnnl-dev"
fi
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if [ -n "$missing" ]; then
  echo "install-deps: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends $missing
fi
# The TextMate grammar's tokenization test (test/editors/textmate.sh).
if ! command -v vscode-tmgrammar-test >/dev/null 2>&1; then
  echo "install-deps: npm install -g vscode-tmgrammar-test"
  $SUDO npm install -g vscode-tmgrammar-test
fi
