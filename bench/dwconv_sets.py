#!/usr/bin/env python3
"""dwconv_sets.py — hardware-free evidence for bench/dwconv.sh: the memory
accesses of three schedules of samples/dwconv.c, replayed (one access per
16-float vector, in the order of the generated code) through a model of
an L1 data cache (48 KiB, 12 ways, 64 sets of 64-byte lines, LRU: Zen 4/5's
L1D geometry).

    python3 bench/dwconv_sets.py [h w]        (default 14 14)

Schedules:
  vectorize   the channel loop vectorized alone (bench/kernels/
              dwconv.vectorize.sched): O[y][x][ch..ch+15] loaded and stored
              at each of the nine taps
  xtile14     register tiles of 14 x (one channel vector each), F in nine
              registers per channel block, loop order y, ch_t, x: the
              textbook choice (most reuse per load)
  fast        samples/dwconv.fast.sched: y, pairs of x, blocks of 64
              channels (2 x 4 accumulators), each F vector loaded once per
              tap for both pixels, I at each tap

For c = 512 and c = 528 channels, arrays at equal offsets modulo 4 KiB (as
aligned_alloc gives large blocks: fresh pages, same header), it prints the
loads and stores per multiply-add, the distinct L1 sets among each 64
consecutive accesses (the spread of the misses over the cache) and the
modeled L1 misses per output vector.  With c = 512 every stride of every
array (2 KiB between pixels, 32 / 28 KiB between rows) is a multiple of
2 KiB, so one channel offset maps to 2 of the 64 sets: a schedule whose
consecutive accesses stay at one channel offset (register tiles along x
or y) crowds them into those two sets.
"""
import sys
from collections import OrderedDict

SETS, WAYS, WINDOW = 64, 12, 64


def layout(h, w, c):
    base = {'I': 64, 'F': (1 << 22) + 64, 'O': (2 << 22) + 64}  # same offset mod 4 KiB
    I = lambda y, x, ch: base['I'] + ((y * (w + 2) + x) * c + ch) * 4
    F = lambda ky, kx, ch: base['F'] + ((ky * 3 + kx) * c + ch) * 4
    O = lambda y, x, ch: base['O'] + ((y * w + x) * c + ch) * 4
    return I, F, O


def vectorize(h, w, c, I, F, O):
    for y in range(h):
        for x in range(w):
            for ky in range(3):
                for kx in range(3):
                    for ch in range(0, c, 16):
                        yield 'l', I(y + ky, x + kx, ch)
                        yield 'l', F(ky, kx, ch)
                        yield 'l', O(y, x, ch)
                        yield 'f', 0
                        yield 's', O(y, x, ch)


def xtile14(h, w, c, I, F, O):
    for y in range(h):
        for ch in range(0, c, 16):
            for ky in range(3):
                for kx in range(3):
                    yield 'l', F(ky, kx, ch)
            for x0 in range(0, w, 14):
                xs = range(x0, min(x0 + 14, w))
                for x in xs:
                    yield 'l', O(y, x, ch)
                for ky in range(3):
                    for xx in range(x0, min(x0 + 16, w + 2)):
                        yield 'l', I(y + ky, xx, ch)  # each I vector loaded once
                    for kx in range(3):
                        for x in xs:
                            yield 'f', 0
                for x in xs:
                    yield 's', O(y, x, ch)


def fast(h, w, c, I, F, O):
    for y in range(h):
        for x0 in range(0, w, 2):
            xs = range(x0, min(x0 + 2, w))
            for cg in range(0, c - c % 64, 64):
                for v in range(4):
                    for x in xs:
                        yield 'l', O(y, x, cg + 16 * v)
                seen = set()  # each I vector loaded once per tile (clang's code)
                for ky in range(3):
                    for kx in range(3):
                        for v in range(4):
                            yield 'l', F(ky, kx, cg + 16 * v)  # once for both pixels
                            for x in xs:
                                a = I(y + ky, x + kx, cg + 16 * v)
                                if a not in seen:
                                    seen.add(a)
                                    yield 'l', a
                                yield 'f', 0
                for v in range(4):
                    for x in xs:
                        yield 's', O(y, x, cg + 16 * v)


def run(trace):
    cache = [OrderedDict() for _ in range(SETS)]
    fma = loads = stores = misses = 0
    window, spreads = [], []
    for kind, a in trace:
        if kind == 'f':
            fma += 1
            continue
        loads += kind == 'l'
        stores += kind == 's'
        line = a >> 6
        window.append(line % SETS)
        if len(window) == WINDOW:
            spreads.append(len(set(window)))
            window = []
        s = cache[line % SETS]
        if line in s:
            s.move_to_end(line)
        else:
            misses += 1
            s[line] = True
            if len(s) > WAYS:
                s.popitem(last=False)
    return fma, loads, stores, misses, sum(spreads) / max(1, len(spreads))


def main():
    h, w = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (14, 14)
    print('%-10s %5s %8s %8s %12s %14s' % ('schedule', 'c', 'loads/ma', 'stores/ma',
                                         'sets per 64', 'L1 misses/ov'))
    for name, sched in (('vectorize', vectorize), ('xtile14', xtile14), ('fast', fast)):
        for c in (512, 528):
            fma, ld, st, miss, spread = run(sched(h, w, c, *layout(h, w, c)))
            print('%-10s %5d %8.2f %8.2f %12.1f %14.2f' % (name, c, ld / fma, st / fma, spread,
                                                         miss / (fma / 9)))
    print('(ma: multiply-add of 16 lanes; ov: output vector of 16 channels; '
          'sets per 64: distinct L1 sets among 64 consecutive accesses, of 64)')


if __name__ == '__main__':
    main()
