#!/bin/sh
# param.constraint expressions that name a field of the machine model
# (vector_registers, l2_bytes, ...: param.target's fields), read for the
# CPU that the flags after `--` name:
#   test/param-target.sh SCHEDCC ROOT
#   - `--emit=params` lists the fields each constraint reads and their
#     values for that CPU (the JSON that schedcc-tune evaluates the
#     constraints with);
#   - values that break the register budget of one CPU and not another's
#     are refused for the first (exit 1, the message naming the field's
#     value and the CPU, a caret under the constraint) and accepted for
#     the second;
#   - a misspelt field is refused with the fields the model has;
#   - samples/bmm.tune.sched: its vectorized region in the ISA of the CPU
#     (AVX2 intrinsics for -march=znver2, AVX-512 for znver4), its
#     register budget that CPU's (14 x 2 vectors refused for znver2).
set -u
schedcc=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-ptarget.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cat >"$tmp/t.sched" <<'EOF'
named_sequence @main(%root) {
  %mr = param.tunable "mr" range [1, 28] {default = 6}
  %vecs = param.tunable "vecs" range [1, 4] {default = 2}
  param.constraint "mr * vecs + vecs + 1 <= vector_registers"
  param.constraint "vecs * 128 <= vector_bits * 2 && l2_bytes > 0"
  %i = match.loop "i" in %root
}
EOF
src=$root/samples/bmm.c
# params CPU REGS BITS: --emit=params for -march=CPU
params() {
  if ! "$schedcc" "$src" -s "$tmp/t.sched" --emit=params -- -march=$1 >"$tmp/$1.json" 2>"$tmp/$1.err"; then
    fail "$1: --emit=params failed:"; cat "$tmp/$1.err"; return
  fi
  python3 - "$tmp/$1.json" "$2" "$3" <<'EOF' || fail "$1: wrong --emit=params JSON"
import json, sys
j = json.load(open(sys.argv[1]))
regs, bits = int(sys.argv[2]), int(sys.argv[3])
t = j["target"]
ok = t["vector_registers"] == regs and t["vector_bits"] == bits and \
    t["l2_bytes"] > 0 and \
    j["constraints"][0]["target"] == ["vector_registers"] and \
    j["constraints"][0]["params"] == ["mr", "vecs"] and \
    j["constraints"][1]["target"] == ["vector_bits", "l2_bytes"]
if not ok:
    print(json.dumps(j, indent=1))
sys.exit(0 if ok else 1)
EOF
}
params znver2 16 256
params znver4 32 512
# 14 x 2 vectors: 31 registers, over the 16 of an AVX2 CPU
st=0
"$schedcc" "$src" -s "$tmp/t.sched" -D mr=14 -o "$tmp/a.c" -- -march=znver2 2>"$tmp/r.err" || st=$?
[ "$st" -eq 1 ] || fail "znver2, mr = 14: exit $st, expected 1"
grep -q 't.sched:4:20: error: parameter values violate the constraint "mr \* vecs + vecs + 1 <= vector_registers": mr = 14 (-D), vecs = 2 (default), vector_registers = 16 (the machine model of znver2)' "$tmp/r.err" ||
  { fail "znver2, mr = 14: not the expected message:"; cat "$tmp/r.err"; }
sed -n 3p "$tmp/r.err" | grep -q '^ *^' || fail "znver2, mr = 14: no caret line"
[ ! -e "$tmp/a.c" ] || fail "znver2, mr = 14: an output file was written"
"$schedcc" "$src" -s "$tmp/t.sched" -D mr=14 -o "$tmp/b.c" -- -march=znver4 2>"$tmp/s.err" ||
  { fail "znver4, mr = 14: refused:"; cat "$tmp/s.err"; }
# a misspelt field: refused, naming the fields the model has
printf 'named_sequence @main(%%root) {\n  %%mr = param.tunable "mr" range [1, 28]\n  param.constraint "mr <= vector_register"\n}\n' >"$tmp/u.sched"
st=0
"$schedcc" "$src" -s "$tmp/u.sched" -o "$tmp/u.c" 2>"$tmp/u.err" || st=$?
[ "$st" -eq 1 ] || fail "misspelt field: exit $st, expected 1"
grep -q "u.sched:3:27: error: constraint: unknown parameter 'vector_register' (declare it with param.tunable \"vector_register\" ..., or name a field of the machine model: vector_bits, vector_registers," "$tmp/u.err" ||
  { fail "misspelt field: not the expected message:"; cat "$tmp/u.err"; }
sed -n 3p "$tmp/u.err" | grep -q '^ *^' || fail "misspelt field: no caret line"
[ ! -e "$tmp/u.c" ] || fail "misspelt field: an output file was written"
# samples/bmm.tune.sched
tune=$root/samples/bmm.tune.sched
if "$schedcc" "$src" -s "$tune" -D mr=6 -D vecs=2 -o "$tmp/t2.c" -- -march=znver2 2>"$tmp/t2.err"; then
  grep -q _mm256_fmadd_ps "$tmp/t2.c" || fail "bmm.tune.sched, znver2: no AVX2 FMA"
  ! grep -q _mm512 "$tmp/t2.c" || fail "bmm.tune.sched, znver2: AVX-512 intrinsics"
else
  fail "bmm.tune.sched, znver2, 6 x 2: refused:"; cat "$tmp/t2.err"
fi
if "$schedcc" "$src" -s "$tune" -D mr=14 -D vecs=2 -o "$tmp/t5.c" -- -march=znver4 2>"$tmp/t5.err"; then
  grep -q _mm512_fmadd_ps "$tmp/t5.c" || fail "bmm.tune.sched, znver4: no AVX-512 FMA"
else
  fail "bmm.tune.sched, znver4, 14 x 2: refused:"; cat "$tmp/t5.err"
fi
st=0
"$schedcc" "$src" -s "$tune" -D mr=14 -D vecs=2 -o "$tmp/t6.c" -- -march=znver2 2>/dev/null || st=$?
[ "$st" -eq 1 ] || fail "bmm.tune.sched, znver2, 14 x 2: exit $st, expected 1 (over the 16 registers)"
if [ "$fails" -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "param-target: 0 failed"
