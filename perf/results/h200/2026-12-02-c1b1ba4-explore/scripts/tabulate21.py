#!/usr/bin/env python3
"""Session 21: tabulates runs 1-4 (run*/summary.txt next to scripts/): per binary and grid the
min-max % of copy over every timed line and of the resident-copy ratio (its time right after the
sweeps over its time after a reset), and each Nsight Compute sweep's DRAM bytes read and
written as multiples of the grid's bytes (nz*ny*nx*4) with its time.
Usage: tabulate21.py [RUN_DIR...] (default: run1 run2 run3 run4)"""
import pathlib
import re
import sys

base = pathlib.Path(__file__).resolve().parent.parent
runs = sys.argv[1:] or ['run1', 'run2', 'run3', 'run4']
for run in runs:
    txt = (base / run / 'summary.txt').read_text()
    print(f'# {run}: {txt.splitlines()[0]}')
    frac = {}
    binary = None
    for line in txt.splitlines():
        if line.startswith('== probe_'):
            binary = line.split()[1]
        m = re.match(r'(\S+) round \d block (\d+) .* fraction ([\d.]+) % .* = ([\d.]+) maxdiff', line)
        if m and binary:
            frac.setdefault((binary, m.group(1), m.group(2)), []).append((float(m.group(3)), float(m.group(4))))
    for (b, shape, block), v in sorted(frac.items()):
        f = [x[0] for x in v]
        q = [x[1] for x in v]
        print(f'{b:22s} {shape:12s} block {block}  {min(f):.2f}-{max(f):.2f} % of copy, resident copy '
              f'{min(q):.3f}-{max(q):.3f}x ({len(v)} values)')
    for m in re.finditer(r'== ncu (\S+) block (\d)(?: probe_(\S+))?\ndram__bytes_read.sum byte ([\d,]+)\n'
                         r'dram__bytes_write.sum byte ([\d,]+)\ngpu__time_duration.sum ns ([\d,]+)', txt):
        shape, block, b, r, w, t = m.groups()
        n = 4
        for d in shape.split('x'):
            n *= int(d)
        num = lambda s: int(s.replace(',', ''))
        print(f'ncu {b or "s21_base":16s} {shape:12s} block {block}  DRAM read {num(r) / n:.4f}x  '
              f'written {num(w) / n:.4f}x  {num(t) / 1e6:.4f} ms')
