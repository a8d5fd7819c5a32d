#!/usr/bin/env python3
"""Session 18 runs C, D: per binary, shape and variant, the min-max fraction of copy and of the
resident copy's after / clean ratio. Usage: tabulate_demote.py summary.txt"""
import re
import sys
from collections import defaultdict

frac, res = defaultdict(list), defaultdict(list)
binary = None
for line in open(sys.argv[1]):
    if line.startswith('== '):
        binary = line.split()[1]
        continue
    m = re.match(r'(\d+x\d+x\d+) round \d (\S+)\s+block (\d) stencil .* fraction ([\d.]+) %', line)
    if m:
        shape = m.group(1)
        frac[(binary, shape, m.group(2))].append(float(m.group(4)))
        continue
    m = re.match(r'resident (\S+) block \d: .*: ([\d.]+)', line)
    if m:
        res[(binary, shape, m.group(1))].append(float(m.group(2)))
print(f"{'binary':26s} {'shape':12s} {'variant':8s} {'% of copy':>12s} {'after/clean':>12s}")
for k in sorted(frac):
    f, r = frac[k], res.get(k, [0])
    print(f"{k[0]:26s} {k[1]:12s} {k[2]:8s} {min(f):5.1f}-{max(f):5.1f} {min(r):6.3f}-{max(r):5.3f}")
