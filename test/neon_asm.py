#!/usr/bin/env python3
"""neon_asm.py — the innermost loop of an AArch64 assembly file that does
the most fused multiply-adds (fmla), counted: fmla, loads (ldp counts 2),
references to the stack (spills and reloads), instructions.

    python3 test/neon_asm.py FILE.s [FMLA MAX_LOADS]

A loop is a backward branch to a label (GCC's `bne .L13`, LLVM's `b.lo
.LBB0_22`), innermost when no other backward branch lies inside it.  With
FMLA and MAX_LOADS: exit 1 unless the loop has exactly FMLA fmla, at most
MAX_LOADS loads and no stack reference (the micro-kernel that was meant:
performance cannot be measured under emulation, the instructions can).
"""
import re,sys
lines=open(sys.argv[1]).read().split('\n')
labels={}
for i,l in enumerate(lines):
    m=re.match(r'^(\.?L[\w.]+):',l)
    if m: labels[m.group(1)]=i
if not labels:
    sys.exit("no labels: not an assembly file")
best=None
for b,l in enumerate(lines):
    m=re.match(r'\s*(b(?:\.\w+|ne|eq|lt|gt|le|ge|hi|lo|hs|ls|cc|cs|mi|pl)?|cbnz|cbz|tbnz|tbz)\s+(?:[^,]*,\s*)*(\.?L[\w.]+)\s*$',l)
    if not m or m.group(2) not in labels or labels[m.group(2)]>=b: continue
    a=labels[m.group(2)]
    body=lines[a+1:b+1]
    inner=any(re.match(r'\s*(b(?:\.\w+|ne|eq|lt|gt|le|ge|hi|lo|hs|ls|cc|cs|mi|pl)?|cbnz|cbz|tbnz|tbz)\s+(?:[^,]*,\s*)*(\.?L[\w.]+)\s*$',x) and (mm:=re.match(r'.*?(\.?L[\w.]+)\s*$',x)) and a < labels.get(mm.group(1),-1) < a+1+k for k,x in enumerate(body[:-1]))
    if inner: continue
    ins=[x.split()[0] for x in body if x.strip() and not x.strip().startswith(('//','.','#')) and not re.match(r'^\.?L[\w.]+:',x)]
    f=ins.count('fmla')
    key=(f,-len(ins))
    if best is None or key>best[0]: best=(key,body,ins)
if best is None:
    sys.exit("FAIL: no loop")
_,body,ins=best
loads=sum(2 if x=='ldp' else 1 for x in ins if x in('ldr','ldp','ld1r','ld1','ldur'))
spill=sum(1 for x in body if re.search(r'\[sp',x))
print(f"fmla={ins.count('fmla')} loads={loads} stack_refs={spill} "
      f"instructions={len(ins)}")
if len(sys.argv) > 3:
    want, max_loads = int(sys.argv[2]), int(sys.argv[3])
    if ins.count('fmla') != want or loads > max_loads or spill:
        print(f"FAIL: want {want} fmla, at most {max_loads} loads, no stack "
              "reference")
        sys.exit(1)
