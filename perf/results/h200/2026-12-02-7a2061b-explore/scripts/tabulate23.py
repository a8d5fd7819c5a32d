#!/usr/bin/env python3
"""Session 23: min-max of the probe's % of copy per (run, binary, grid, block) from the runs'
summary.txt files (default: run1 to run4 next to this script's folder), the long rounds apart,
and the Nsight Compute lines; for a run with benchmark JSON (memory-*.json, run 4) the min-max
of each row's median peer_ratio over the files instead. Usage: tabulate23.py [RUN_DIR ...]"""
import json
import pathlib
import re
import sys

here = pathlib.Path(__file__).resolve().parent.parent
dirs = [pathlib.Path(a) for a in sys.argv[1:]] or [here / 'run1', here / 'run2', here / 'run3', here / 'run4']
line = re.compile(r'^(\d+x\d+x\d+) round \d+ block (\d+) stencil ([\d.]+) ms copy ([\d.]+) ms fraction ([\d.]+) %.*maxdiff (\S+)')
for d in dirs:
    files = sorted(d.glob('memory-*.json'))
    if files:
        rows = {}
        for f in files:
            j = json.loads(f.read_text())
            for b in j['benchmarks']:
                if b.get('aggregate_name') == 'median' and not b['name'].startswith('BM_Copy'):
                    rows.setdefault(b['name'].replace('/manual_time_median', ''), []).append(100 * b['peer_ratio'])
        print('#', d.name, '(benchmark, etage_git', j['context'].get('etage_git'), ')')
        for n, v in rows.items():
            print(f'{n}: {min(v):.1f}-{max(v):.1f} % ({len(v)} processes)')
        continue
    ranges, ncu, binary, long = {}, [], '?', False
    for s in (d / 'summary.txt').read_text().splitlines():
        if s.startswith('== '):
            binary = s.split()[1] if not s.startswith('== ncu') else binary
            long = 'long round' in s
            if s.startswith('== ncu'):
                ncu.append(s[3:])
            continue
        m = line.match(s)
        if m:
            key = (binary + (' (200 samples)' if long else ''), m.group(1), int(m.group(2)))
            r = ranges.setdefault(key, [])
            r.append((float(m.group(5)), float(m.group(3)), m.group(6)))
        elif s.split(' ')[0].startswith(('dram__', 'sm__', 'gpu__', 'smsp__')):
            ncu.append('  ' + s)
        elif s.startswith('smi samples'):
            ncu.append(binary + ': ' + s)
    print('#', d.name)
    for (b, g, blk), r in sorted(ranges.items(), key=lambda kv: (kv[0][1], kv[0][0], kv[0][2])):
        f = [x[0] for x in r]
        ms = sum(x[1] for x in r) / len(r)
        print(f'{g:>13} {b:<34} block {blk:>2}: {min(f):.2f}-{max(f):.2f} % ({len(f)} values), stencil mean {ms:.4f} ms, maxdiff {",".join(sorted({x[2] for x in r}))}')
    for n in ncu:
        print(n)
