#!/bin/sh
# Command-line behaviour of the driver: exit statuses, --help, -h, --version
# (naming the LLVM backend), every option and environment variable listed in
# --help, docs/cli.md and the man page, refusal to overwrite the input,
# nothing written on failure.
#   test/cli.sh SCHEDCC SAMPLES_DIR
set -u
schedcc=$1 samples=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0 passes=0
check() { # check EXPECTED_STATUS DESCRIPTION -- command...
  want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
  if [ $got -ne $want ]; then
    echo "FAIL: $what: exit $got, expected $want"; cat "$tmp/err"; fails=$((fails + 1))
  else
    echo "ok: $what"; passes=$((passes + 1))
  fi
}
check 0 "--help" -- "$schedcc" --help
grep -q "USAGE: schedcc" "$tmp/out" || { echo "FAIL: --help prints no usage"; fails=$((fails + 1)); }
check 0 "--version" -- "$schedcc" --version
grep -q "schedcc version" "$tmp/out" || { echo "FAIL: --version prints no version"; fails=$((fails + 1)); }
grep -q "LLVM [0-9]" "$tmp/out" || { echo "FAIL: --version does not name the LLVM backend"; fails=$((fails + 1)); }
# Every option the driver accepts is in --help (and -h), docs/cli.md and
# the man page; so are the environment variables.
check 0 "-h" -- "$schedcc" -h
cmp -s "$tmp/out" /dev/null && { echo "FAIL: -h prints nothing"; fails=$((fails + 1)); }
"$schedcc" --help >"$tmp/help"
docs=$(dirname "$samples")/docs
for opt in -s --schedule -o --emit=c --emit=ir --emit=deps --emit=schedule \
  --emit=llvm --emit=params -c -S --target= --mcpu= -O0 -O3 --target-isa= --line-markers \
  --dump-after= -D --unsafe -h --help --version SCHEDCC_CLANG SCHEDCC_LIB TMPDIR --cc= \
  SCHEDCC_FLAGS SCHEDCC_REMARKS -v --remarks --dump-format=; do
  grep -q -- "$opt" "$tmp/help" || { echo "FAIL: --help does not list $opt"; fails=$((fails + 1)); }
  grep -q -- "\`$opt" "$docs/cli.md" || { echo "FAIL: docs/cli.md does not list $opt"; fails=$((fails + 1)); }
  man_opt=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
  grep -q -- "$man_opt" "$docs/schedcc.1" || { echo "FAIL: docs/schedcc.1 does not list $opt"; fails=$((fails + 1)); }
done
check 2 "no input" -- "$schedcc"
check 2 "unknown option" -- "$schedcc" --frobnicate x.c
check 2 "two inputs" -- "$schedcc" a.c b.c
check 2 "bad --emit" -- "$schedcc" --emit=pdf a.c
check 2 "bad --cc" -- "$schedcc" --cc=icc a.c
check 1 "missing input file" -- "$schedcc" "$tmp/does-not-exist.c" -o "$tmp/o.c"
[ -e "$tmp/o.c" ] && { echo "FAIL: output written for a missing input"; fails=$((fails + 1)); }
cp "$samples/bmm.c" "$tmp/bmm.c"
cp "$tmp/bmm.c" "$tmp/bmm.orig"
check 1 "-o onto the input is refused" -- "$schedcc" "$tmp/bmm.c" -o "$tmp/bmm.c"
cmp -s "$tmp/bmm.c" "$tmp/bmm.orig" || { echo "FAIL: input file modified"; fails=$((fails + 1)); }
check 1 "missing schedule file" -- "$schedcc" "$tmp/bmm.c" -s "$tmp/nope.sched" -o "$tmp/o2.c"
[ -e "$tmp/o2.c" ] && { echo "FAIL: output written for a missing schedule"; fails=$((fails + 1)); }
check 0 "stdout output" -- "$schedcc" "$tmp/bmm.c"
grep -q "bmm" "$tmp/out" || { echo "FAIL: nothing on stdout"; fails=$((fails + 1)); }
check 0 "--emit=ir" -- "$schedcc" "$tmp/bmm.c" --emit=ir -o -
grep -q "^kernel bmm" "$tmp/out" || { echo "FAIL: --emit=ir prints no kernel"; fails=$((fails + 1)); }
ls "$tmp" | grep -q schedcc-tmp && { echo "FAIL: temporary file left behind"; fails=$((fails + 1)); }
# Another tool's pragma inside a kernel is dropped with a warning; an OpenMP
# loop directive is kept on its loop, with and without -fopenmp alike.
cat >"$tmp/prag.c" <<'EOF2'
void f(int n, float a[n], float b[n]) {
#pragma schedcc kernel
  for (int i = 0; i < n; i++) {
#pragma GCC ivdep
    a[i] = b[i] * 2.0f;
  }
}
#pragma schedcc kernel
void h(int n, float a[n]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
EOF2
check 0 "foreign pragma in a kernel" -- "$schedcc" "$tmp/prag.c" -o "$tmp/prag.out.c"
grep -q "prag.c:4:1: warning: '#pragma GCC ivdep' inside kernel 'f' is dropped" "$tmp/err" ||
  { echo "FAIL: no warning for a dropped pragma"; cat "$tmp/err"; fails=$((fails + 1)); }
check 0 "omp parallel for with -fopenmp" -- "$schedcc" "$tmp/prag.c" -o "$tmp/prag2.out.c" -- -fopenmp
grep -q "^ *#pragma omp parallel for$" "$tmp/prag2.out.c" ||
  { echo "FAIL: omp parallel for not kept"; cat "$tmp/prag2.out.c"; fails=$((fails + 1)); }
cmp -s "$tmp/prag.out.c" "$tmp/prag2.out.c" ||
  { echo "FAIL: -fopenmp changes the output"; diff "$tmp/prag.out.c" "$tmp/prag2.out.c"; fails=$((fails + 1)); }
# -D before -- sets a schedule parameter, which schedules cannot declare
# yet: ignored with a warning that points at --.
check 0 "-D before --" -- "$schedcc" "$tmp/bmm.c" -DN=512 -o "$tmp/d.c"
grep -q "warning: -D N=512 is ignored.*go after '--'" "$tmp/err" ||
  { echo "FAIL: no warning for -D before --"; cat "$tmp/err"; fails=$((fails + 1)); }
# -o onto a device or a FIFO writes through it, never replaces it.
check 0 "-o /dev/null" -- "$schedcc" "$tmp/bmm.c" -o /dev/null
[ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a device"; fails=$((fails + 1)); }
echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
