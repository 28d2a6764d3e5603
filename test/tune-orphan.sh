#!/bin/sh
# A trial whose process died between ask() and its first heartbeat (RUNNING,
# no heartbeat: Optuna's fail_stale_trials never finds it stale) does not
# hold up a shared study: schedcc-tune gives it one heartbeat, fails it a
# grace period later and runs it again (RetryFailedTrialCallback),
# and ends in seconds, not at its 600 s deadline (tools/schedcc-tune,
# fail_stale; test/tune-pg.sh's server once killed a process in that
# window, 2026-11-27).  SQLite storage, heartbeat 1 s.
#
#   test/tune-orphan.sh SCHEDCC_TUNE SCHEDCC DIR
set -u
tune=$1 schedcc=$2 dir=$3
py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-tune-orphan.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
url="sqlite:///$tmp/o.db"
export SCHEDCC="$schedcc"
run() {
  timeout 120 "$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials "$1" \
    --runs 1 --seed 1 --storage "$url" --study s --heartbeat 1 \
    -- -ffp-contract=off
}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run 2 >"$tmp/a.log" 2>&1 || { fail "the first study"; cat "$tmp/a.log"; }
# the orphan: asked for, never beating, no worker
$py - "$url" <<'PY' 2>/dev/null || fail "could not make the orphan trial"
import sys, optuna
st = optuna.storages.RDBStorage(sys.argv[1], heartbeat_interval=1,
                                grace_period=3)
optuna.load_study(study_name="s", storage=st).ask()
PY
sleep 4
start=$(date +%s)
run 4 >"$tmp/b.log" 2>&1
st=$?
secs=$(($(date +%s) - start))
[ $st -eq 0 ] || { fail "the second process exited with $st after $secs s"; cat "$tmp/b.log"; }
# ends long before the 600 s deadline (its 2 trials take about a second)
[ $secs -lt 60 ] || fail "the second process took $secs s"
$py - "$url" <<'PY' 2>/dev/null
import sys, optuna
s = optuna.load_study(study_name="s", storage=sys.argv[1])
TS = optuna.trial.TrialState
orphan = s.trials[2]
retry = [t for t in s.trials if t.system_attrs.get("failed_trial") == 2]
# (the orphan never suggested values: its re-run draws its own, which
# may be values schedcc refuses: a pruned trial, finished all the same)
ok = orphan.state == TS.FAIL and len(retry) == 1 and \
    retry[0].state in (TS.COMPLETE, TS.PRUNED) and not [t for t in s.trials if t.state in (TS.RUNNING, TS.WAITING)]
print("trials:", [(t.number, t.state.name, t.system_attrs.get("failed_trial")) for t in s.trials])
sys.exit(0 if ok else 1)
PY
[ $? -eq 0 ] || fail "the orphan trial was not failed and run again"
[ $fails -eq 0 ] && echo "ok: the orphan trial was failed and run again in $secs s"
exit $fails
