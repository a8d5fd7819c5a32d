#!/usr/bin/env python3
"""min-max % of copy per probe binary, set ('== probe_<name> <set>' headers), variant (the probe's
block name: default, nohint) and shape, from the runs' summary.txt files (argv). A set is 'round N'
(60 samples) or 'long' (200 samples)."""
import collections
import re
import sys

for path in sys.argv[1:]:
    ranges = collections.defaultdict(list)
    probe = None
    for line in open(path):
        m = re.match(r'== probe_(\S+) (round \d+|long)', line)
        if m:
            probe = (m.group(1), 'long' if m.group(2) == 'long' else '60 samples')
            continue
        m = re.match(r'(\d+x\d+x\d+) round \d+ (\S+) .* fraction ([\d.]+) %', line)
        if m and probe:
            ranges[probe + (m.group(2), m.group(1))].append(float(m.group(3)))
    print(path)
    for k, v in sorted(ranges.items()):
        print(f'  {k[0]:12s} {k[1]:10s} {k[2]:8s} {k[3]:12s} {min(v):.1f}-{max(v):.1f} % (n={len(v)})')
