#!/usr/bin/env python3
"""Session 23: recomputes memory attempt 31's numbers. Runs 1-3 (probe summaries) go through
session 22's tabulate22.py: per binary, grid and block the min-max % of copy (run 1's 200-sample
rounds apart), and each Nsight Compute sweep's DRAM bytes as multiples of the grid's; run 1's
nvidia-smi summaries are printed as they are. Run 4 (the library's benchmark) gives the min-max
of each row's median peer_ratio over its memory-*.json files.
Usage: tabulate23.py (no arguments: runs 1-4 next to this script's folder)"""
import json
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent.parent
t22 = here.parent / '2026-12-02-b959c1a-explore/scripts/tabulate22.py'
subprocess.run([sys.executable, str(t22)] + [str(here / r) for r in ('run1', 'run2', 'run3')], check=True)
for s in (here / 'run1/summary.txt').read_text().splitlines():
    if s.startswith('== ') and 'long round' in s:
        binary = s.split()[1]
    if s.startswith('smi samples'):
        print(f'{binary}: {s}')
rows, git = {}, None
for f in sorted((here / 'run4').glob('memory-*.json')):
    j = json.loads(f.read_text())
    git = j['context'].get('etage_git')
    for b in j['benchmarks']:
        if b.get('aggregate_name') == 'median' and not b['name'].startswith('BM_Copy'):
            rows.setdefault(b['name'].replace('/manual_time_median', ''), []).append(100 * b['peer_ratio'])
print(f'# run4: the benchmark, etage_git {git}')
for n, v in rows.items():
    print(f'{n}: {min(v):.1f}-{max(v):.1f} % ({len(v)} processes)')
