#!/bin/sh
# Installs the Debian packages schedcc needs, when they are missing.
# Usage: scripts/install-deps.sh [--bench]   (--bench adds the reference
# libraries the benchmarks compare against).  Needs root for apt-get.
set -eu
pkgs="cmake make gcc clang-19 libclang-19-dev llvm-19-dev libisl-dev libcmocka-dev libomp-19-dev"
# the wrapper's cache tests (test/wrapper-build.sh: ccache, objdump) and
# the editor files' tests (test/editors/: vim; npm for the TextMate
# grammar's vscode-tmgrammar-test)
pkgs="$pkgs ccache binutils vim npm"
if [ "${1:-}" = "--bench" ]; then
  pkgs="$pkgs libopenblas-dev libblis-dev libxsmm-dev"
fi
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends $missing
