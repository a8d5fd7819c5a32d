#!/usr/bin/env python3
"""Session 17: the 3D and 2D stencil rows of benchmark JSONs (runs F-I and later): per file, each
row's median peer_ratio (% of copy) and median time per call (ms; the sample time / 8 queued
calls). Usage: tabulate_bench.py FILE.json ..."""
import json
import sys

for path in sys.argv[1:]:
    data = json.load(open(path))
    batch = 8
    out = []
    for b in data['benchmarks']:
        if b.get('aggregate_name') != 'median' or 'Stencil' not in b['name']:
            continue
        name = b['run_name'].replace('/manual_time', '')
        out.append(f"{name}: {100 * b['peer_ratio']:.1f} % ({b['real_time'] / batch:.4f} ms/call)")
    print('/'.join(path.split('/')[-2:]))
    for o in out:
        print('  ' + o)
