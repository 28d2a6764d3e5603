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
#     register budget that CPU's (14 x 2 vectors refused for znver2), its
#     defaults that CPU's tile (`default = "(vector_registers - 3) / 2"`:
#     14 rows for znver4, 6 for znver2);
#   - an expression default outside the domain for one CPU (and inside
#     for another), one that reads a parameter, one that does not parse:
#     refused with the value, the CPU and a caret.
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
# its defaults without -D: the machine model's micro-kernel tile for each
# CPU (mk_rows x mk_vecs: 14 x 2 for znver4, 6 x 4 for sapphirerapids, 6 x
# 2 for znver2), in --emit=params and in the code
for c in znver4:14:2:_mm512_fmadd_ps sapphirerapids:6:4:_mm512_fmadd_ps znver2:6:2:_mm256_fmadd_ps; do
  cpu=${c%%:*} rest=${c#*:} mr=${rest%%:*} rest=${rest#*:} vecs=${rest%%:*} fma=${rest#*:}
  "$schedcc" "$src" -s "$tune" --emit=params -- -march=$cpu >"$tmp/d-$cpu.json" 2>"$tmp/d-$cpu.err" ||
    { fail "bmm.tune.sched, $cpu: --emit=params failed:"; cat "$tmp/d-$cpu.err"; }
  python3 - "$tmp/d-$cpu.json" "$mr" "$vecs" <<'EOF' || fail "bmm.tune.sched, $cpu: default mr x vecs is not $mr x $vecs"
import json, sys
p = {q["name"]: q for q in json.load(open(sys.argv[1]))["parameters"]}
mr, vecs = p["mr"], p["vecs"]
sys.exit(0 if mr["default"] == int(sys.argv[2]) and mr["value"] == mr["default"]
         and mr["default_expr"] == "mk_rows"
         and vecs["default"] == int(sys.argv[3])
         and vecs["value"] == vecs["default"]
         and vecs["default_expr"] == "mk_vecs"
         and "default_expr" not in p["kc"] else 1)
EOF
  if "$schedcc" "$src" -s "$tune" -o "$tmp/d-$cpu.c" -- -march=$cpu 2>"$tmp/d-$cpu.err"; then
    grep -q "$fma" "$tmp/d-$cpu.c" || fail "bmm.tune.sched, $cpu, defaults: no $fma"
  else
    fail "bmm.tune.sched, $cpu, defaults: refused:"; cat "$tmp/d-$cpu.err"
  fi
done
# samples/rowsum.fast.sched: its L1 rows add 4 of their 8 accumulators
# through FMAs where the machine model has add pipes beside the FMA pipes
# (fadd_units 2: znver4, znver5), none where the adds share the FMA ports
# (fadd_units 0: sapphirerapids, skylake-avx512); the output compiled for
# that CPU by clang-19 with -O2 -Wall -Wextra -Werror (gcc 12 has no znver4)
for c in znver4:4 znver5:4 sapphirerapids:0 skylake-avx512:0; do
  cpu=${c%%:*} want=${c#*:}
  if "$schedcc" "$root/samples/rowsum.c" -s "$root/samples/rowsum.fast.sched" -o "$tmp/rs-$cpu.c" -- -march=$cpu 2>"$tmp/rs-$cpu.err"; then
    n=$(grep -c '_mm512_fmadd_ps' "$tmp/rs-$cpu.c")
    [ "$n" -eq "$want" ] || fail "rowsum.fast.sched, $cpu: $n _mm512_fmadd_ps, expected $want"
    clang-19 -std=c17 -O2 -Wall -Wextra -Werror -march=$cpu -c "$tmp/rs-$cpu.c" -o "$tmp/rs-$cpu.o" 2>"$tmp/rs-$cpu.cc" ||
      { fail "rowsum.fast.sched, $cpu: the output does not compile:"; cat "$tmp/rs-$cpu.cc"; }
  else
    fail "rowsum.fast.sched, $cpu: refused:"; cat "$tmp/rs-$cpu.err"
  fi
done
# an expression default outside the domain for one CPU, one that reads a
# parameter, one that does not parse: refused with the value and the CPU,
# a caret, no output
# dflt NAME DEFAULT CPU MESSAGE
dflt() {
  printf 'named_sequence @main(%%root) {\n  %%mr = param.tunable "mr" range [1, 14] {default = %s}\n  %%i = match.loop "i" in %%root\n}\n' "$2" >"$tmp/$1.sched"
  st=0
  "$schedcc" "$src" -s "$tmp/$1.sched" -o "$tmp/$1.c" -- -march=$3 2>"$tmp/$1.err" || st=$?
  [ "$st" -eq 1 ] || fail "default $1: exit $st, expected 1"
  grep -qF "$4" "$tmp/$1.err" || { fail "default $1: not the expected message:"; cat "$tmp/$1.err"; }
  sed -n 3p "$tmp/$1.err" | grep -q '^ *^' || fail "default $1: no caret line"
  [ ! -e "$tmp/$1.c" ] || fail "default $1: an output file was written"
}
dflt big '"vector_registers - 3"' znver4 \
  "big.sched:2:53: error: default \"vector_registers - 3\" of parameter 'mr' is 29 for the machine model of znver4, outside its domain range [1, 14]"
dflt self '"mr + 1"' znver4 \
  "self.sched:2:54: error: default: unknown name 'mr' (a default reads numbers and the fields of the machine model, not other parameters"
dflt paren '"(vector_bits"' znver4 \
  "paren.sched:2:66: error: default: expected ')', got the end of the default"
"$schedcc" "$src" -s "$tmp/big.sched" -o "$tmp/big2.c" -- -march=znver2 2>"$tmp/big2.err" ||
  { fail "default vector_registers - 3 for znver2 (13): refused:"; cat "$tmp/big2.err"; }
# -D overrides the default: one outside the domain is then not an error
"$schedcc" "$src" -s "$tmp/big.sched" -D mr=4 -o "$tmp/big3.c" -- -march=znver4 2>"$tmp/big3.err" ||
  { fail "default out of the domain, -D mr=4: refused:"; cat "$tmp/big3.err"; }
if [ "$fails" -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "param-target: 0 failed"
