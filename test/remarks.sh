#!/bin/sh
# Never silent (issue 10): the driver says what happened.
#   test/remarks.sh SCHEDCC ROOT [SCHEDCC-CC]
# ROOT is the source tree; the inputs are in ROOT/test/remarks.  Checks, with exit statuses and exact message text:
#  - a schedule on a file without kernels: error, exit 1, note at the
#    schedule's entry sequence, nothing written;
#  - a schedule whose only sequence misspells the kernel (@matmull): error
#    with "did you mean '@matmul'?"; with an @main: a warning, exit 0;
#  - match.loop of a missing loop lists the loops there (and suggests a
#    close name);
#  - -v / --remarks: one note per applied op (golden NAME.v.err for the
#    schedules matmul, regs, scalar on matmul.c, ops on ops.c, vec on
#    vec.c, tree and tree_part on tree.c), a note when there
#    is no schedule or the schedule changed nothing; without -v, silence;
#  - --dump-after=N / op / all with --dump-format=c (default) and ir, the
#    usage error for 0, the warnings for an op that never ran;
#  - through the wrapper SCHEDCC-CC, a k.sched beside a source without
#    kernels is a warning and the source is compiled as written;
#  - -v, --remarks and --dump-format are in --help, docs/cli.md and the man
#    page.
set -u
schedcc=$1 root=$2 wrapper=${3:-}
case $schedcc in /*) ;; *) schedcc=$PWD/$schedcc ;; esac
case $root in /*) ;; *) root=$PWD/$root ;; esac
case $wrapper in /* | '') ;; *) wrapper=$PWD/$wrapper ;; esac
dir=$root/test/remarks docs=$root/docs ops_def=$root/schedules/ops.def
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-remarks.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$dir" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# run WANT_STATUS DESCRIPTION args...: stdout in $tmp/out, stderr in $tmp/err
run() {
  want=$1 what=$2; shift 2
  # The goldens use AVX-512 and AVX2: compile for a CPU that has both (the
  # ISA rule, docs/cli.md, otherwise warns and adds target attributes).
  "$schedcc" "$@" -- -march=x86-64-v4 >"$tmp/out" 2>"$tmp/err"; got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$what: exit $got, expected $want"; cat "$tmp/err"
  else
    echo "ok: $what"
  fi
}
has() { # has FILE TEXT: FILE has a line that is exactly TEXT
  grep -qxF -- "$2" "$1" || { fail "expected the line: $2"; cat "$1"; }
}
# expect_err FILE: stderr is exactly FILE
expect_err() {
  cmp -s "$tmp/err" "$1" || { fail "stderr differs from $1:"; diff "$1" "$tmp/err"; }
}

# ---- no kernel --------------------------------------------------------------
run 1 "schedule on a file without kernels" nokernel.c -s unroll_i.sched -o "$tmp/nk.c"
cat >"$tmp/want" <<'EOF'
nokernel.c: error: no kernel in nokernel.c: mark a function or loop with '#pragma schedcc kernel' or '#pragma scop'
unroll_i.sched:1:16: note: the schedule's entry sequence '@main' has no kernel to run on
named_sequence @main(%root) {
               ^
EOF
expect_err "$tmp/want"
[ -e "$tmp/nk.c" ] && fail "output written for a file without kernels"
run 0 "no kernel, no schedule: copied" nokernel.c -o "$tmp/o.c"
cmp -s nokernel.c "$tmp/o.c" || fail "file without kernels not copied unchanged"
[ -s "$tmp/err" ] && { fail "no kernel, no schedule, no -v: not silent"; cat "$tmp/err"; }
run 0 "no kernel, no schedule, -v" nokernel.c -o "$tmp/o.c" -v
has "$tmp/err" "nokernel.c: note: no kernel in nokernel.c: the file is copied unchanged (mark a function or loop with '#pragma schedcc kernel' or '#pragma scop')"

# ---- sequences that match no kernel -----------------------------------------
run 1 "@matmull without @main" matmul.c -s typo.sched -o "$tmp/typo.c"
cat >"$tmp/want" <<'EOF'
typo.sched:2:16: error: named_sequence '@matmull' matches no kernel of matmul.c, and the schedule has no @main: did you mean '@matmul'?
named_sequence @matmull(%root) {
               ^
matmul.c:2:1: note: kernel 'matmul' is here
void matmul(float A[196][64], float B[64][256], float C[196][256]) {
^
EOF
expect_err "$tmp/want"
[ -e "$tmp/typo.c" ] && fail "output written for @matmull"
run 0 "@matmull with @main" matmul.c -s typo_main.sched -o "$tmp/o.c"
has "$tmp/err" "typo_main.sched:2:16: warning: named_sequence '@matmull' matches no kernel of matmul.c and is never included: did you mean '@matmul'? (kernel 'matmul' runs '@main' instead)"
[ -s "$tmp/o.c" ] || fail "no output with @main"

# ---- match.loop lists the loops ---------------------------------------------
run 1 "match.loop of a missing loop" matmul.c -s no_row.sched -o "$tmp/o.c"
cat >"$tmp/want" <<'EOF'
no_row.sched:2:8: error: match.loop: no loop 'row' in kernel 'matmul'
  %r = match.loop "row" in %root
       ^
matmul.c:2:1: note: loops here: i, j, k
void matmul(float A[196][64], float B[64][256], float C[196][256]) {
^
EOF
expect_err "$tmp/want"
run 1 "match.loop: did you mean, inside a loop" matmul.c -s no_kk.sched -o "$tmp/o.c"
has "$tmp/err" "no_kk.sched:4:8: error: match.loop: no loop 'kk' in loop 'i' in kernel 'matmul'"
has "$tmp/err" "matmul.c:3:3: note: loops here: j, k"

# ---- remarks ------------------------------------------------------------------
for name in matmul regs scalar alt; do
  run 0 "-v on $name.sched" matmul.c -s $name.sched -o "$tmp/o.c" -v
  expect_err $name.v.err
  run 0 "--remarks on $name.sched" matmul.c -s $name.sched -o "$tmp/o2.c" --remarks
  expect_err $name.v.err
  cmp -s "$tmp/o.c" "$tmp/o2.c" || fail "-v changes the output"
  run 0 "$name.sched without -v is silent" matmul.c -s $name.sched -o "$tmp/o3.c"
  [ -s "$tmp/err" ] && { fail "remarks printed without -v"; cat "$tmp/err"; }
  cmp -s "$tmp/o.c" "$tmp/o3.c" || fail "-v changes the output"
done
run 0 "-v on ops.sched" ops.c -s ops.sched -o "$tmp/o.c" -v
expect_err ops.v.err
run 0 "-v on vec.sched" vec.c -s vec.sched -o "$tmp/o.c" -v
expect_err vec.v.err
# four row sums in one transposed reduction, then the scalar remainder
run 0 "-v on tree.sched" tree.c -s tree.sched -o "$tmp/o.c" -v
expect_err tree.v.err
# the same 4 in a partial group: the first 4 of 16 lanes
run 0 "-v on tree_part.sched" tree.c -s tree_part.sched -o "$tmp/o.c" -v
expect_err tree_part.v.err
# a reduction's masked remainder, then another loop over the same j: not
# taken for its remainder; fma_adds = 0: no remark about FMAs
run 0 "-v on sib.sched" sib.c -s sib.sched -o "$tmp/o.c" -v
expect_err sib.v.err
run 0 "-v on expand.sched" ../diff/expand.c -s expand.sched -o "$tmp/o.c" -v
expect_err expand.v.err
run 0 "-v on library.sched" matmul.c -s library.sched -o "$tmp/o.c" -v
expect_err library.v.err
run 0 "-v on transpose.sched" ../golden/transpose_block.c -s transpose.sched -o "$tmp/o.c" -v
expect_err transpose.v.err
# constant extents smaller than a block: the remark says the blocks never run
run 0 "-v on transpose_small.sched" ../diff/tr_nt_small.c -s ../diff/tr_nt_small.stream.sched -o "$tmp/o.c" -v
expect_err transpose_small.v.err
# Every op of schedules/ops.def gets its remark in one of the goldens (print
# is checked below).
for op in $(sed -n 's/^SCHED_OP([A-Z_]*, "\([^"]*\)".*/\1/p' "$ops_def"); do
  # print is checked below; yield only ends a region (alternatives says
  # which region applied)
  [ "$op" = print ] || [ "$op" = yield ] && continue
  grep -q ": note: $op: " matmul.v.err regs.v.err scalar.v.err ops.v.err alt.v.err expand.v.err library.v.err transpose.v.err ||
    fail "no remark for op $op in the golden files"
done
printf 'named_sequence @main(%%root) {\n  %%i = match.loop "i" in %%root\n  print %%i\n}\n' >"$tmp/p.sched"
run 0 "-v: print" matmul.c -s "$tmp/p.sched" -o "$tmp/o.c" -v
grep -q "p.sched:3:3: note: print: printed '%i' above" "$tmp/err" || { fail "no remark for print"; cat "$tmp/err"; }
run 0 "-v without a schedule" matmul.c -o "$tmp/o.c" -v
has "$tmp/err" "matmul.c:2:1: note: kernel 'matmul': no schedule (-s file.sched): emitted as written"
run 0 "-v, a schedule that changes nothing" matmul.c -s nothing.sched -o "$tmp/o.c" -v
has "$tmp/err" "nothing.sched:3:3: note: loop.unroll: 'i' unrolled by 1: nothing changed"
has "$tmp/err" "nothing.sched:1:16: note: '@main' changed nothing in kernel 'matmul': it is emitted as written"

# ---- --dump-after -------------------------------------------------------------
run 0 "--dump-after=2 (C)" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=2
has "$tmp/err" "// C after loop.tile (matmul.sched:4:10): op 2 on kernel 'matmul'"
has "$tmp/err" "      for (int i = i_t; i < (i_t + 32 < 196 ? i_t + 32 : 196); i++) {"
[ "$(grep -c '^// ' "$tmp/err")" -eq 1 ] || fail "--dump-after=2 dumped more than once"
run 0 "--dump-after=loop.tile --dump-format=ir" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=loop.tile --dump-format=ir
has "$tmp/err" "// IR after loop.tile (matmul.sched:4:10): op 2 on kernel 'matmul'"
grep -q "^kernel matmul" "$tmp/err" || fail "--dump-format=ir prints no IR"
run 0 "--dump-after=all" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=all
[ "$(grep -c '^// C after loop\.' "$tmp/err")" -eq 5 ] || { fail "--dump-after=all: expected 5 dumps"; grep '^//' "$tmp/err"; }
grep -q "^// C after match" "$tmp/err" && fail "--dump-after=all dumps match ops"
run 0 "--dump-after past the last op" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=99
has "$tmp/err" "matmul.sched:2:16: warning: --dump-after=99: '@main' ran only 7 ops on kernel 'matmul'"
run 0 "--dump-after, a misspelled op" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=loop.tiles
has "$tmp/err" "matmul.sched:2:16: warning: --dump-after=loop.tiles names no schedule op; did you mean 'loop.tile'? (expected an op number, an op name or 'all')"
run 0 "--dump-after, an op that did not run" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=loop.skew
has "$tmp/err" "matmul.sched:2:16: warning: --dump-after=loop.skew: '@main' ran no 'loop.skew' on kernel 'matmul'"
run 2 "--dump-after=0" matmul.c -s matmul.sched -o "$tmp/o.c" --dump-after=0
has "$tmp/err" "schedcc: error: invalid value '0' in '--dump-after' (ops are numbered from 1)"
run 2 "--dump-format=pdf" matmul.c --dump-format=pdf
has "$tmp/err" "schedcc: error: invalid value 'pdf' in '--dump-format' (expected c or ir)"

# ---- the wrapper: a schedule beside a file without kernels ----------------------
if [ -n "$wrapper" ]; then
  cp nokernel.c "$tmp/nk.c"; cp unroll_i.sched "$tmp/nk.sched"
  if (cd "$tmp" && SCHEDCC="$schedcc" "$wrapper" -c nk.c -o nk.o) 2>"$tmp/err"; then
    echo "ok: schedcc-cc, nk.sched beside nk.c without kernels"
    has "$tmp/err" "schedcc-cc: warning: 'nk.sched' is not applied: nk.c has no kernel (mark a function or loop with '#pragma schedcc kernel' or '#pragma scop'); compiling it as written"
    [ -s "$tmp/nk.o" ] || fail "schedcc-cc wrote no object for nk.c"
  else
    fail "schedcc-cc failed on a file without kernels"; cat "$tmp/err"
  fi
fi

# ---- documented everywhere ------------------------------------------------------
"$schedcc" --help >"$tmp/help"
for opt in -v --remarks --dump-format= --dump-after=; do
  grep -q -- "$opt" "$tmp/help" || fail "--help does not list $opt"
  grep -q -- "\`$opt" "$docs/cli.md" || fail "docs/cli.md does not list $opt"
  man_opt=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
  grep -q -- "$man_opt" "$docs/schedcc.1" || fail "docs/schedcc.1 does not list $opt"
done

[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all passed"
