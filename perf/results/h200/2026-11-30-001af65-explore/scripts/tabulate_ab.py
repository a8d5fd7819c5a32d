#!/usr/bin/env python3
"""Session 17: tabulates runs A and B (l2_after_effect.cu): per condition (and L2_LIMIT in run
B), the 1 GiB sweep's us and the resident 16 MiB copy's medians (us) after it, min-max.
Usage: tabulate_ab.py run-A/summary.txt [run-B/summary.txt]"""
import re
import sys
from collections import defaultdict

for path in sys.argv[1:]:
    sweep, after, post = defaultdict(list), defaultdict(list), defaultdict(list)
    limit = 'default'
    for line in open(path):
        m = re.match(r'== L2_LIMIT=(\S+)', line)
        if m:
            limit = m.group(1)
            continue
        m = re.match(r'(\S+)\s+sweep .* ([\d.]+) us = \d+ GB/s; post: (.*); persisting', line)
        if m:
            key = (m.group(1), limit)
            sweep[key].append(float(m.group(2)))
            d = re.search(r'([\d.]+) us', m.group(3))
            if d:
                post[key].append(float(d.group(1)))
            continue
        m = re.match(r'(\S+)\s+resident .*after .*median ([\d.]+) us', line)
        if m:
            after[(m.group(1), limit)].append(float(m.group(2)))
    print(path)
    print('| condition | L2_LIMIT | sweep us | post us | resident copy after, median us |')
    print('| --- | --- | --- | --- | --- |')
    rng = lambda v: f'{min(v):.2f}-{max(v):.2f}' if v else ''
    for key in sweep:
        print(f'| {key[0]} | {key[1]} | {rng(sweep[key])} | {rng(post[key])} | {rng(after[key])} ({len(after[key])}) |')
