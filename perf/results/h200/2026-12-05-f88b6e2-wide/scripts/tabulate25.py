#!/usr/bin/env python3
"""Session 25: ranges of % of copy per (binary, block, shape) from a probe summary.txt (the
"== BINARY round N" / "== round N" headers and the probe's per-sample lines), the 200-sample
rounds apart, and the Nsight Compute lines per binary and block.
Usage: tabulate25.py SUMMARY.txt"""
import collections
import re
import sys

fr = collections.defaultdict(list)
ncu = collections.defaultdict(dict)
binary, long_round, ncu_key = '', False, None
for line in open(sys.argv[1]):
    m = re.match(r'== (\S+) (round \d+|long round)', line)
    if m:
        binary, long_round, ncu_key = m.group(1), m.group(2) == 'long round', None
        continue
    m = re.match(r'== round \d+', line)
    if m:
        binary, long_round, ncu_key = '', False, None
        continue
    m = re.match(r'== ncu (\S+) block (\d+) (\S+)', line)
    if m:
        ncu_key = (m.group(3), int(m.group(2)))
        continue
    m = re.match(r'(\d+x\d+x\d+) round \d+ block (\d+) .* fraction ([\d.]+) %', line)
    if m:
        fr[(binary + (' (200 samples)' if long_round else ''), int(m.group(2)), m.group(1))].append(float(m.group(3)))
        continue
    m = re.match(r'(dram__bytes_read.sum|dram__bytes_write.sum|gpu__time_duration.sum|sm__inst_executed.sum) \S+ ([\d,.]+)', line)
    if m and ncu_key:
        ncu[ncu_key][m.group(1)] = float(m.group(2).replace(',', ''))
print('| binary | block | grid | % of copy (min-max, n) |\n| --- | --- | --- | --- |')
for (b, blk, sh), v in sorted(fr.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
    print(f'| {b or "-"} | {blk} | {sh} | {min(v):.2f}-{max(v):.2f} ({len(v)}) |')
if ncu:
    grid = 4.0 * 808 ** 3
    print('\n| binary | block | DRAM read / grid | DRAM write / grid | ms | warp instructions (M) |\n| --- | --- | --- | --- | --- | --- |')
    for (b, blk), m in ncu.items():
        print(f'| {b} | {blk} | {m.get("dram__bytes_read.sum", 0) / grid:.4f} | {m.get("dram__bytes_write.sum", 0) / grid:.4f} | '
              f'{m.get("gpu__time_duration.sum", 0) / 1e6:.4f} | {m.get("sm__inst_executed.sum", 0) / 1e6:.1f} |')
