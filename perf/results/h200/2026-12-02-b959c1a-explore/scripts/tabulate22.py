#!/usr/bin/env python3
"""Session 22: tabulates runs 1-4 (run*/summary.txt next to scripts/): per binary, row pitch (run 3)
and grid the min-max % of copy over every timed line, with the resident-copy ratio (the 16 MiB
copy's time right after the sweeps over its time after a reset); then each Nsight Compute
sweep's DRAM bytes (multiples of the grid's bytes), time, instructions, issue activity and SM
clock. Usage: tabulate22.py [RUN_DIR...] (default: run1 run2 run3 run4; an absolute path reads
another session's run, as session 23's tabulate23.py does)"""
import pathlib
import re
import sys

base = pathlib.Path(__file__).resolve().parent.parent
for run in sys.argv[1:] or ['run1', 'run2', 'run3', 'run4']:
    txt = (base / run / 'summary.txt').read_text()
    print(f'# {run}: {txt.splitlines()[0]}')
    frac, key = {}, None
    for line in txt.splitlines():
        m = re.match(r'== (probe_\S+)(?: shapes)?(?: round \d+(?: pitch (\d+))?| (long round) \((\d+) samples\)| other grids)$',
                     line)
        if m:  # (binary, label): a pitch (run 3), or a long round's samples (session 23's run 1)
            key = (m.group(1), 'pitch ' + m.group(2) if m.group(2) else m.group(4) + ' samples' if m.group(3) else '')
        m = re.match(r'(\S+) round \d block (\d+) .* fraction ([\d.]+) % .* = ([\d.]+) maxdiff (\S+)', line)
        if m and key:
            frac.setdefault(key + (m.group(1), int(m.group(2))), []).append(
                (float(m.group(3)), float(m.group(4)), m.group(5)))
    order = lambda kv: (kv[0][0], kv[0][2], int(kv[0][1][6:]) if kv[0][1].startswith('pitch') else 0, kv[0][1], kv[0][3])
    for (b, label, shape, block), v in sorted(frac.items(), key=order):
        f, q = [x[0] for x in v], [x[1] for x in v]
        print(f'{b:28s} {shape:14s} {label:11s} block {block:2d}  '
              f'{min(f):.2f}-{max(f):.2f} % of copy, resident {min(q):.3f}-{max(q):.3f}x, '
              f'maxdiff {",".join(sorted(set(x[2] for x in v)))} ({len(v)} values)')
    for m in re.finditer(r'== ncu (\S+) block (\d+) (probe_\S+)\n((?:[a-z_]+__\S+ .*\n)+)', txt):
        shape, block, b, body = m.groups()
        vals = {l.split()[0]: float(l.split()[-1].replace(',', '')) for l in body.splitlines()}
        n = 4
        for d in shape.split('x'):
            n *= int(d)
        print(f'ncu {b:28s} {shape} block {block}: DRAM read {vals["dram__bytes_read.sum"] / n:.4f}x, written '
              f'{vals["dram__bytes_write.sum"] / n:.4f}x, {vals["gpu__time_duration.sum"] / 1e6:.4f} ms, '
              f'{vals["sm__inst_executed.sum"] / 1e6:.1f} M warp instructions, issue active '
              f'{vals["smsp__issue_active.avg.pct_of_peak_sustained_active"]:.1f} %, SM clock '
              f'{vals["sm__cycles_elapsed.avg.per_second"] / 1e6:.0f} MHz')
