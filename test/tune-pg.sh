#!/bin/sh
# A tuning study on a real PostgreSQL server survives a dead process
# (issue 27): the test starts its own server (initdb into a temporary
# folder, a private socket directory, no TCP, run as the unprivileged
# user `postgres` when the test runs as root), then two schedcc-tune
# processes share one study of 8 trials with a heartbeat of 1 s.  When the
# first holds a RUNNING trial it is killed with SIGKILL.  The second must
# end with exit 0, and the study with no trial RUNNING or WAITING, the
# killed trial FAILed and run again (Optuna's RetryFailedTrialCallback: a
# trial whose system attribute failed_trial names it), and at least 8
# finished trials besides it.
#
#   test/tune-pg.sh SCHEDCC_TUNE SCHEDCC DIR
set -u
tune=$1 schedcc=$2 dir=$3
py=/usr/bin/python3
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
  echo "FAIL: no PostgreSQL server (scripts/install-deps.sh installs postgresql)"
  exit 1
fi
if ! $py -c "import optuna, psycopg2" 2>/dev/null; then
  echo "FAIL: /usr/bin/python3 lacks optuna or psycopg2 (scripts/install-deps.sh installs python3-optuna python3-psycopg2)"
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-tune-pg.XXXXXX")
chmod 755 "$tmp"
mkdir "$tmp/db" "$tmp/sock"
as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$tmp/db" "$tmp/sock"
  as_pg() { runuser -u postgres -- "$@"; }
fi
port=$((20000 + $$ % 20000))
stop() {
  as_pg "$pgbin/pg_ctl" -D "$tmp/db" -m immediate stop >/dev/null 2>&1
  rm -rf "$tmp"
}
trap stop EXIT
as_pg "$pgbin/initdb" -D "$tmp/db" -A trust -U tune >"$tmp/initdb.log" 2>&1 ||
  { echo "FAIL: initdb"; cat "$tmp/initdb.log"; exit 1; }
as_pg "$pgbin/pg_ctl" -D "$tmp/db" -l "$tmp/db/server.log" -w \
  -o "-k $tmp/sock -p $port -c listen_addresses=" start >/dev/null ||
  { echo "FAIL: the server does not start"; cat "$tmp/db/server.log"; exit 1; }
"$pgbin/createdb" -h "$tmp/sock" -p "$port" -U tune tune ||
  { echo "FAIL: createdb"; exit 1; }
q() { "$pgbin/psql" -h "$tmp/sock" -p "$port" -U tune -d tune -Atc "$1"; }
url="postgresql://tune@/tune?host=$tmp/sock&port=$port"
export SCHEDCC="$schedcc"
run() {
  exec "$tune" "$dir/tiny.c" -s "$dir/tiny.tune.sched" --trials 8 --runs 3 \
    --seed "$1" --storage "$url" --study pg --heartbeat 1 \
    -- -ffp-contract=off
}
run 1 >"$tmp/a.log" 2>&1 &
a=$!
sleep 1
run 2 >"$tmp/b.log" 2>&1 &
b=$!
# kill the first process while it holds a RUNNING trial
killed=0
i=0
holds() {
  q "select count(*) from trials t join trial_user_attributes u
     on u.trial_id = t.trial_id where t.state = 'RUNNING' and
     u.key = 'worker' and u.value_json like '%:$a\"'" 2>/dev/null
}
while [ $i -lt 600 ]; do
  n=$(holds)
  if [ "${n:-0}" -gt 0 ]; then
    # stopped first, then asked again: a trial that finished between the
    # query and the kill would leave nothing to retry (a flaky run)
    kill -STOP $a
    n=$(holds)
    if [ "${n:-0}" -gt 0 ]; then
      kill -9 $a
      killed=1
      break
    fi
    kill -CONT $a
  fi
  kill -0 $a 2>/dev/null || break
  sleep 0.1
  i=$((i + 1))
done
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
[ $killed -eq 1 ] || fail "the first process never held a RUNNING trial"
wait $a 2>/dev/null
wait $b
st=$?
[ $st -eq 0 ] || { fail "the surviving process exited with $st"; cat "$tmp/b.log"; }
running=$(q "select count(*) from trials where state in ('RUNNING', 'WAITING')")
[ "$running" = 0 ] || fail "$running trials left RUNNING or WAITING"
retried=$(q "select count(*) from trial_system_attributes where key = 'failed_trial'")
[ "${retried:-0}" -ge 1 ] || fail "the killed trial was not run again"
failed=$(q "select count(*) from trials where state = 'FAIL'")
done_=$(q "select count(*) from trials where state in ('COMPLETE', 'PRUNED')")
[ "${done_:-0}" -ge 8 ] || fail "only ${done_:-0} finished trials besides the failed one"
echo "trials: $done_ finished, $failed failed (the killed one) and run again ($retried), none left running"
[ $fails -eq 0 ] && echo "ok: the study survived a process killed mid-trial"
exit $fails
