#!/bin/sh
# The compiler wrapper on a multi-file project (samples/project):
#
#   test/wrapper.sh SCHEDCC-CC SCHEDCC PROJECT-DIR
#
# Builds a copy of the project with `make CC=schedcc-cc` (also -j2) and
# with CMake (-DCMAKE_C_COMPILER=schedcc-cc), runs it and compares with a
# plain `cc` build; checks that no file appears next to the sources and no
# temporary is left in $TMPDIR, that touching a .sched rebuilds its object
# (the -MD dependency), that a broken schedule fails the build with
# schedcc's diagnostic and that SCHEDCC_FALLBACK=1 then builds with a
# warning, that exit statuses and diagnostics of the real compiler come
# through, and that `schedcc-cc --version` is the compiler's.
set -eu
wrapper=$1 schedcc=$2 proj=$3
case $wrapper in /*) ;; *) wrapper=$PWD/$wrapper ;; esac
case $schedcc in /*) ;; *) schedcc=$PWD/$schedcc ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-wrapper.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
src=$tmp/src
cp -R "$proj" "$src"
rm -rf "$src/build"
mkdir "$tmp/t"
export SCHEDCC="$schedcc" TMPDIR="$tmp/t"
listing() { (cd "$src" && find . | LC_ALL=C sort); }
listing >"$tmp/before"
mk() { make --no-print-directory -f "$src/Makefile" SRCDIR="$src" "$@"; }

# Reference: the plain compiler.
mkdir "$tmp/plain" && cd "$tmp/plain"
mk CC=cc >/dev/null
./project >"$tmp/plain.out"
[ -s "$tmp/plain.out" ] || fail "the plain build printed nothing"

# make CC=schedcc-cc, serial then -j2 (from scratch).
for jobs in 1 2; do
  mkdir "$tmp/mk$jobs" && cd "$tmp/mk$jobs"
  SCHEDCC_VERBOSE=1 mk -j$jobs CC="$wrapper" >"$tmp/mk$jobs.log" 2>&1 ||
    { cat "$tmp/mk$jobs.log"; fail "make -j$jobs CC=schedcc-cc failed"; }
  ./project >"$tmp/mk$jobs.out"
  cmp -s "$tmp/plain.out" "$tmp/mk$jobs.out" ||
    { diff "$tmp/plain.out" "$tmp/mk$jobs.out"; fail "make -j$jobs: outputs differ"; }
done
log=$tmp/mk1.log
grep -q "schedcc $src/matmul.c -s $src/matmul.sched" "$log" ||
  fail "matmul.c was not run through schedcc with matmul.sched beside it"
grep -q "schedcc $src/stencil.c -s $src/sched/stencil.sched" "$log" ||
  fail "stencil.c's '#pragma schedcc schedule' was not followed"
grep -q "schedcc $src/scale.c -o" "$log" ||
  fail "scale.c's '#pragma omp unroll' (inline schedule) was not applied"
if grep "schedcc $src/\(util\|main\).c" "$log"; then
  fail "a file without kernels went through schedcc"
fi
grep -q "^schedcc-cc: cc -o project main.o" "$log" ||
  fail "the link was not passed through untouched"

# Dependency files name the original source and the schedule.
cd "$tmp/mk1"
grep -q "$src/matmul.c" matmul.d || fail "matmul.d does not name matmul.c"
grep -q "$src/matmul.sched" matmul.d || fail "matmul.d does not list matmul.sched"
grep -q "$src/sched/stencil.sched" stencil.d || fail "stencil.d does not list the schedule"
if grep -q "schedcc-cc\." ./*.d; then fail "a .d file names a temporary"; fi

# Touching a schedule rebuilds (only) its object.
touch -d "@$(($(date +%s) + 5))" "$src/matmul.sched"
mk CC="$wrapper" >"$tmp/re.log" 2>&1
grep -q "matmul.c" "$tmp/re.log" || { cat "$tmp/re.log"; fail "touching matmul.sched did not rebuild matmul.o"; }
if grep -q "util.c" "$tmp/re.log"; then fail "touching matmul.sched rebuilt util.o"; fi

# A broken schedule fails the build with schedcc's diagnostic ...
cp "$src/sched/stencil.sched" "$tmp/stencil.sched.good"
printf 'named_sequence @main(%%root) {\n  loop.tiel %%root\n}\n' >"$src/sched/stencil.sched"
if mk CC="$wrapper" >"$tmp/bad.log" 2>&1; then
  cat "$tmp/bad.log"; fail "the build succeeded with a broken schedule"
fi
grep -q "stencil.sched:2:3: error: unknown op 'loop.tiel'" "$tmp/bad.log" ||
  { cat "$tmp/bad.log"; fail "schedcc's diagnostic is missing"; }
# ... and SCHEDCC_FALLBACK=1 compiles the original source with a warning.
SCHEDCC_FALLBACK=1 mk CC="$wrapper" >"$tmp/fb.log" 2>&1 ||
  { cat "$tmp/fb.log"; fail "SCHEDCC_FALLBACK=1 did not build"; }
grep -q "schedcc-cc: warning: schedcc failed on '$src/stencil.c'" "$tmp/fb.log" ||
  { cat "$tmp/fb.log"; fail "no fallback warning"; }
./project >"$tmp/fb.out"
cmp -s "$tmp/plain.out" "$tmp/fb.out" || fail "the fallback build computes differently"
grep -q "$src/sched/stencil.sched" stencil.d || fail "a fallback .d must still list the schedule"
cp "$tmp/stencil.sched.good" "$src/sched/stencil.sched"

# CMake with the wrapper as the C compiler.
if command -v cmake >/dev/null 2>&1; then
  cmake -S "$src" -B "$tmp/cm" -DCMAKE_C_COMPILER="$wrapper" >"$tmp/cm.log" 2>&1 ||
    { cat "$tmp/cm.log"; fail "cmake configure with schedcc-cc failed"; }
  cmake --build "$tmp/cm" -j2 >>"$tmp/cm.log" 2>&1 ||
    { cat "$tmp/cm.log"; fail "cmake --build with schedcc-cc failed"; }
  "$tmp/cm/project" >"$tmp/cm.out"
  cmp -s "$tmp/plain.out" "$tmp/cm.out" || fail "cmake build: outputs differ"
  touch -d "@$(($(date +%s) + 10))" "$src/sched/stencil.sched"
  cmake --build "$tmp/cm" >"$tmp/cm2.log" 2>&1
  grep -q "stencil.c.o" "$tmp/cm2.log" ||
    { cat "$tmp/cm2.log"; fail "cmake: touching stencil.sched did not rebuild stencil.c.o"; }
fi

# Nothing was written next to the sources; no temporary is left.
listing >"$tmp/after"
cmp -s "$tmp/before" "$tmp/after" ||
  { diff "$tmp/before" "$tmp/after"; fail "files appeared next to the sources"; }
[ -z "$(ls -A "$tmp/t")" ] || { ls -A "$tmp/t"; fail "temporaries left in TMPDIR"; }

# Pass-through: --version, and the real compiler's status and diagnostics.
[ "$("$wrapper" --version)" = "$(cc --version)" ] || fail "--version is not the compiler's"
printf 'int f(void) { return undeclared_x; }\n' >"$tmp/bad.c"
printf '#pragma schedcc kernel\nvoid g(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n}\nint f(void) { return undeclared_y; }\n' >"$tmp/badk.c"
printf 'named_sequence @main(%%root) {\n}\n' >"$tmp/badk.sched"
cd "$tmp"
set +e
cc -c bad.c -o bad.o 2>/dev/null; want=$?
"$wrapper" -c bad.c -o bad.o 2>"$tmp/bad.err"; got=$?
set -e
[ "$got" = "$want" ] || fail "exit status $got, the compiler's is $want"
grep -q "undeclared_x" "$tmp/bad.err" || fail "the compiler's diagnostic is missing"
set +e
"$wrapper" -c badk.c -o badk.o 2>"$tmp/badk.err"; got=$?
set -e
[ "$got" != 0 ] || fail "a file with kernels and an error compiled"
grep -q "undeclared_y" "$tmp/badk.err" || { cat "$tmp/badk.err"; fail "no diagnostic for badk.c"; }
[ -z "$(ls -A "$tmp/t")" ] || { ls -A "$tmp/t"; fail "temporaries left after a failure"; }

# A transformed file: the compiler's diagnostics name the original source;
# several sources in one command, without -o: objects named as for the
# originals, in the current directory.
mkdir "$tmp/w" "$tmp/wout"
printf '#pragma schedcc kernel\nvoid w(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * a[i];\n}\n#warning from-w\n' >"$tmp/w/w.c"
printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  loop.unroll %%i {factor = 2}\n}\n' >"$tmp/w/w.sched"
printf 'int v(void) { return 1; }\n' >"$tmp/w/v.c"
cd "$tmp/wout"
SCHEDCC_VERBOSE=1 "$wrapper" -c "$tmp/w/w.c" "$tmp/w/v.c" 2>"$tmp/w.err" ||
  { cat "$tmp/w.err"; fail "cc -c w.c v.c through the wrapper failed"; }
grep -q "schedcc $tmp/w/w.c -s $tmp/w/w.sched" "$tmp/w.err" || fail "w.c was not transformed"
grep -q "$tmp/w/w.c:[0-9]*:[0-9]*: warning: .*from-w" "$tmp/w.err" || { cat "$tmp/w.err"; fail "the warning does not name w.c"; }
[ -f w.o ] && [ -f v.o ] || { ls; fail "w.o and v.o were not written in the cwd"; }
[ "$(ls -A "$tmp/w" | LC_ALL=C sort | tr '\n' ' ')" = "v.c w.c w.sched " ] || fail "files appeared next to w.c"
[ -z "$(ls -A "$tmp/t")" ] || { ls -A "$tmp/t"; fail "temporaries left"; }
echo "ok: make, make -j2 and cmake builds through schedcc-cc match the plain build"
