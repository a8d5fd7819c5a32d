#!/usr/bin/env python3
"""Session 17: tabulates runs C, D and E (session 16's clean stencil probes): per probe (and
L2_LIMIT in run C) and grid, the stencil's time (ms), the copy's (ms) and the fraction (%),
min-max over the run's rounds; for run C also the resident 32 MiB sum (us per sum) after one
sweep, min-max over its groups. Usage: tabulate_probe.py run-X/summary.txt ..."""
import re
import sys
from collections import defaultdict, OrderedDict

for path in sys.argv[1:]:
    rows, sums = OrderedDict(), defaultdict(list)
    probe = None
    for line in open(path):
        m = re.match(r'probe (\S+)(?: L2_LIMIT=(\S+))?', line)
        if m:
            probe = (m.group(1), m.group(2) or 'default')
            continue
        m = re.match(r'(\S+) round \d+ base +block 0 stencil ([\d.]+) ms copy ([\d.]+) ms fraction ([\d.]+) %', line)
        if m:
            grid = m.group(1)
            rows.setdefault((probe, grid), []).append(tuple(float(m.group(i)) for i in (2, 3, 4)))
            continue
        m = re.match(r'l2sum base: .*after one sweep ([\d ]+)', line)
        if m:
            sums[(probe, grid)] += [int(v) for v in m.group(1).split()]
    print(path)
    print('| probe | L2_LIMIT | grid | stencil ms | copy ms | % of copy | sum after a sweep, us |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for (pr, grid), v in rows.items():
        r = lambda i, f: f'{min(x[i] for x in v):{f}}-{max(x[i] for x in v):{f}}'
        s = sums.get((pr, grid))
        print(f'| {pr[0]} | {pr[1]} | {grid} | {r(0, ".4f")} | {r(1, ".4f")} | {r(2, ".1f")} | '
              f'{f"{min(s)}-{max(s)}" if s else ""} |')
