#!/usr/bin/env python3
"""Session 20: min-max of the sweep probe's fraction of copy (and of the resident-copy ratio) per
(binary, block, shape) over every round and sample line of the given summary.txt files."""
import collections
import re
import sys

frac = collections.defaultdict(list)
res = collections.defaultdict(list)
binary = '?'
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r'== (probe_\S+) round', line)
        if m:
            binary = m.group(1)
            continue
        m = re.match(r'(\d+x\d+x\d+) round \d block (\d+) .*fraction ([\d.]+) % resident [\d.]+/[\d.]+ us = ([\d.]+)', line)
        if m:
            key = (binary, int(m.group(2)), m.group(1))
            frac[key].append(float(m.group(3)))
            res[key].append(float(m.group(4)))
shapes = sorted({k[2] for k in frac}, key=lambda s: int(s.split('x')[0]))
print('| binary | block | ' + ' | '.join(shapes) + ' | resident after / clean |')
print('| --- | --- |' + ' --- |' * (len(shapes) + 1))
for b, blk in sorted({(k[0], k[1]) for k in frac}, key=lambda k: (k[0] != 'probe_main', k)):
    cells = []
    for s in shapes:
        v = frac.get((b, blk, s))
        cells.append(f'{min(v):.2f}-{max(v):.2f} ({len(v)})' if v else '')
    r = [x for s in shapes for x in res.get((b, blk, s), [])]
    print(f'| {b} | {blk} | ' + ' | '.join(cells) + f' | {min(r):.3f}-{max(r):.3f} |')
