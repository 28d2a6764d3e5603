#!/bin/sh
# schedcc-tune end to end on a tiny kernel (test/tune/tiny.c, 96^3 matmul):
#  1. 4 trials, 1 run each: exit 0, a CSV row per trial (trial 0 = the
#     schedule's defaults), a PNG plot, a best schedule without
#     param.tunable that schedcc accepts and whose program prints what the
#     untransformed one prints;
#  2. two processes sharing one SQLite study: together at least 4 trials,
#     numbered once each, run by both processes;
#  3. a variant whose output differs (FMA contraction) is a failed trial,
#     never a result (exit 1, no -o written), and is accepted with
#     --tolerance;
#  4. wisdom: --wisdom records the best values for this CPU model, schedule
#     and kernel file; schedcc --wisdom (and $SCHEDCC_WISDOM) applies them
#     with a note under -v, -D takes precedence, entries for another CPU
#     model, schedule or file are not applied, a line that is no entry is
#     warned about, a missing file is no wisdom;
#  5. repeats: values that give a program already timed (the same values,
#     or values the schedule ignores: test/tune/repeat.tune.sched has five
#     programs) reuse its time, do not spend the budget, and end the
#     search once nothing new comes.
#   test/tune.sh SCHEDCC_TUNE SCHEDCC DIR
set -u
tune=$1 schedcc=$2 dir=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-tune-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export SCHEDCC="$schedcc"
py=/usr/bin/python3
if ! $py -c "import optuna, matplotlib" 2>/dev/null; then
  echo "FAIL: /usr/bin/python3 lacks optuna or matplotlib (scripts/install-deps.sh installs python3-optuna python3-matplotlib)"
  exit 1
fi

# 1. a short run
if ! "$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 4 --runs 1 \
  --seed 3 --csv "$tmp/t.csv" --plot "$tmp/t.png" -o "$tmp/best.sched" \
  -- -ffp-contract=off 2>"$tmp/err1"; then
  fail "schedcc-tune exited with $?"; cat "$tmp/err1"
fi
rows=$(($(wc -l <"$tmp/t.csv") - 1))
[ "$rows" -eq 4 ] || fail "the CSV holds $rows trials, expected 4"
head -1 "$tmp/t.csv" | grep -q '^trial,state,status,time_ms,best_ms,ti,tk,tj,split,vect,start,' ||
  fail "unexpected CSV header: $(head -1 "$tmp/t.csv")"
sed -n 2p "$tmp/t.csv" | grep -q '^0,[A-Z]*,[a-z]*,[0-9.]*,[0-9.]*,8,16,16,2,0,1,' ||
  fail "trial 0 is not the defaults (8, 16, 16, 2, 0): $(sed -n 2p "$tmp/t.csv")"
if awk -F, 'NR > 1 && $3 !~ /^(ok|refused|infeasible|wrong|crash|timeout|error)$/' "$tmp/t.csv" | grep -q .; then
  fail "unknown trial status in the CSV"
fi
grep -q 'best [0-9.]* ms (trial' "$tmp/err1" || fail "no progress line with the best so far"
grep -q '^\[#' "$tmp/err1" || fail "no progress bar"
[ "$(head -c 4 "$tmp/t.png" | od -An -c | tr -d ' ')" = "211PNG" ] || fail "the plot is not a PNG"
if grep -q 'param.tunable' "$tmp/best.sched"; then fail "the best schedule still has param.tunable"; fi
grep -q 'param.constant' "$tmp/best.sched" || fail "the best schedule has no param.constant"
grep -q '^  // holds for the tuned values: param.constraint' "$tmp/best.sched" ||
  fail "the constraint is not kept as a comment"
# the best schedule runs without the tuner and gives the same output
cc=${CC:-cc}
if "$schedcc" "$dir/tiny.c" -s "$tmp/best.sched" -o "$tmp/best.c" 2>"$tmp/err"; then
  $cc -O2 -march=native -ffp-contract=off "$dir/tiny.c" -o "$tmp/ref" -lm &&
    $cc -O2 -march=native -ffp-contract=off "$tmp/best.c" -o "$tmp/best" -lm &&
    "$tmp/ref" >"$tmp/ref.out" && "$tmp/best" >"$tmp/best.out" &&
    cmp -s "$tmp/ref.out" "$tmp/best.out" || fail "the best schedule's program prints something else"
else
  fail "schedcc refuses the best schedule"; cat "$tmp/err"
fi

# 4. wisdom (its own study: 2 trials)
w=$tmp/wisdom.txt
"$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 2 --runs 1 \
  --seed 5 --wisdom "$w" -- -ffp-contract=off 2>"$tmp/errw" ||
  { fail "schedcc-tune --wisdom exited with $?"; cat "$tmp/errw"; }
key=$("$schedcc" --print-target -- -ffp-contract=off | sed -n 's/^wisdom key: //p')
grep -q "^wisdom v1 cpu=$key schedule=[0-9a-f]\{16\} input=tiny.c ms=[0-9.e+-]* ti=" "$w" ||
  { fail "no wisdom entry for $key"; cat "$w"; }
ti=$(sed -n 's/.* ti=\([0-9]*\).*/\1/p' "$w")
# applied, with a note
"$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wz.c" -v --wisdom "$w" \
  -- -ffp-contract=off 2>"$tmp/errz" || fail "schedcc --wisdom exited with $?"
grep -q "note: wisdom: ti = $ti, " "$tmp/errz" || { fail "no wisdom note"; cat "$tmp/errz"; }
SCHEDCC_WISDOM=$w "$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wz2.c" \
  -- -ffp-contract=off 2>/dev/null && cmp -s "$tmp/wz.c" "$tmp/wz2.c" ||
  fail "\$SCHEDCC_WISDOM does not apply what --wisdom applies"
# the same output as the values given with -D
dflags=$(sed -n 's/^wisdom v1 [^ ]* [^ ]* [^ ]* [^ ]* //p' "$w" | tr ' ' '\n' | sed 's/^/-D /' | tr '\n' ' ')
"$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wd.c" $dflags -- -ffp-contract=off 2>/dev/null &&
  cmp -s "$tmp/wz.c" "$tmp/wd.c" || fail "the wisdom's values do not give the output of -D $dflags"
# -D wins over the wisdom
alt=8; [ "$ti" = 8 ] && alt=16
"$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wD.c" -v --wisdom "$w" -D ti=$alt \
  -- -ffp-contract=off 2>"$tmp/errD" || fail "schedcc --wisdom -D exited with $?"
grep -q "note: wisdom: .*ti = " "$tmp/errD" && fail "the wisdom overrode -D ti=$alt"
# another CPU model, another schedule, another file: not applied
sed "s/cpu=[^ ]*/cpu=aarch64:0:0:neon/" "$w" >"$tmp/w-cpu.txt"
sed "s/schedule=[0-9a-f]*/schedule=0000000000000000/" "$w" >"$tmp/w-sched.txt"
sed "s/input=tiny.c/input=other.c/" "$w" >"$tmp/w-in.txt"
for f in w-cpu w-sched w-in; do
  "$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wx.c" -v --wisdom "$tmp/$f.txt" \
    -- -ffp-contract=off 2>"$tmp/errx" || fail "schedcc --wisdom ($f) exited with $?"
  grep -q "note: wisdom" "$tmp/errx" && fail "an entry for $f was applied"
done
printf 'not wisdom\n' >"$tmp/w-bad.txt"
"$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wx.c" --wisdom "$tmp/w-bad.txt" \
  -- -ffp-contract=off 2>"$tmp/errb" || fail "a bad wisdom line is an error"
grep -q "w-bad.txt:1:1: warning: not a wisdom entry" "$tmp/errb" || { fail "no warning for a bad line"; cat "$tmp/errb"; }
"$schedcc" "$dir/tiny.c" -s "$dir/tiny.tune.sched" -o "$tmp/wx.c" --wisdom "$tmp/none.txt" \
  -- -ffp-contract=off 2>"$tmp/errn" || fail "a missing wisdom file is an error"

# 2. two processes, one SQLite study
db="sqlite:///$tmp/s.db"
"$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 4 --runs 1 \
  --storage "$db" --study shared --csv "$tmp/a.csv" -- -ffp-contract=off 2>"$tmp/errA" &
pid=$!
"$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 4 --runs 1 \
  --storage "$db" --study shared --csv "$tmp/b.csv" -- -ffp-contract=off 2>"$tmp/errB" ||
  { fail "second process exited with $?"; cat "$tmp/errB"; }
wait $pid || { fail "first process exited with $?"; cat "$tmp/errA"; }
# the CSV of the study, read again by a third process that runs nothing
"$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 4 --runs 1 \
  --storage "$db" --study shared --csv "$tmp/all.csv" -- -ffp-contract=off 2>"$tmp/errC" ||
  { fail "third process exited with $?"; cat "$tmp/errC"; }
n=$(($(wc -l <"$tmp/all.csv") - 1))
[ "$n" -ge 4 ] || fail "the shared study holds $n trials, expected at least 4"
dups=$(tail -n +2 "$tmp/all.csv" | cut -d, -f1 | sort | uniq -d)
[ -z "$dups" ] || fail "trial numbers repeat: $dups"
workers=$(tail -n +2 "$tmp/all.csv" | awk -F, '{print $(NF-1)}' | sort -u | grep -c .)
[ "$workers" -ge 2 ] || fail "the trials of the shared study were run by $workers process(es), expected 2"
grep -q "0 trials to run" "$tmp/errC" || fail "the third process ran trials of a full study"

# 3. a wrong variant is a failed trial
if grep -q fma /proc/cpuinfo; then
  status=0
  "$tune" "$dir/tiny.c" -s "$dir/fma.tune.sched" --trials 1 --runs 1 \
    --csv "$tmp/w.csv" -o "$tmp/w.sched" -- -ffp-contract=off 2>"$tmp/errW" || status=$?
  [ $status -eq 1 ] || { fail "a run whose only variant is wrong exited with $status, expected 1"; cat "$tmp/errW"; }
  sed -n 2p "$tmp/w.csv" | grep -q '^0,FAIL,wrong,,' || fail "the FMA variant is not recorded as wrong: $(sed -n 2p "$tmp/w.csv")"
  [ -e "$tmp/w.sched" ] && fail "a best schedule was written although no trial succeeded"
  "$tune" "$dir/tiny.c" -s "$dir/fma.tune.sched" --trials 1 --runs 1 \
    --tolerance 1e-4 --csv "$tmp/w2.csv" -- -ffp-contract=off 2>"$tmp/errW2" ||
    { fail "with --tolerance the FMA variant is refused"; cat "$tmp/errW2"; }
  sed -n 2p "$tmp/w2.csv" | grep -q '^0,COMPLETE,ok,' || fail "with --tolerance: $(sed -n 2p "$tmp/w2.csv")"
fi

# 5. repeats reuse the time of the trial that ran the program
"$tune" "$dir/tiny.c" -s "$dir/repeat.tune.sched" --trials 20 --runs 1 \
  --seed 1 --csv "$tmp/r.csv" -- -ffp-contract=off 2>"$tmp/errR" ||
  { fail "schedcc-tune on repeat.tune.sched exited with $?"; cat "$tmp/errR"; }
# columns: trial,state,status,time_ms,best_ms,ts,tile,start,repeat_of,...
ran=$(awk -F, 'NR > 1 && $3 == "ok" && $9 == ""' "$tmp/r.csv" | wc -l)
[ "$ran" -eq 5 ] || fail "repeat.tune.sched: $ran trials timed a program, expected its 5 programs once each"
# every tile = 0 trial (ts ignored) after the first repeats it
zeros=$(awk -F, 'NR > 1 && $7 == 0 && $9 == ""' "$tmp/r.csv" | wc -l)
[ "$zeros" -eq 1 ] || fail "tile = 0 timed $zeros times, expected once (ts is unused there)"
# a repeat has the time of the trial it names
awk -F, 'NR > 1 { t[$1] = $4 } NR > 1 && $9 != "" && t[$9] != $4 { bad = 1 } END { exit bad }' "$tmp/r.csv" ||
  fail "a repeated trial's time differs from the trial it repeats"
grep -q "repeat programs already timed: stopping" "$tmp/errR" ||
  fail "no note that the search ran out of programs"

[ $fails -eq 0 ] && echo "ok: schedcc-tune" || cat "$tmp/err1"
exit $((fails != 0))
