#!/usr/bin/env python3
"""Session 24: best etage row (any engine and stage count) against the same-process plain Kokkos
range version, per algorithm, in each benchmark JSON here (old-*: f88b6e2, new-*: the whole-box
loader; 3d-prev-*: the loader change alone, 3d-new-*: with the host 3D block of 8 x 256 bytes;
the 3d-* runs hold only the 3D stencil and copy rows; rows-r2-*: the reductions with 2-row host
tiles, rows-rule-*: with the 16 KiB rule; trial-rows{2,4,8}-*: fixed row counts). Usage: tabulate.py [DIR] (default: this
script's folder)."""
import glob
import json
import os
import re
import sys

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
for path in sorted(glob.glob(os.path.join(here, '*.json'))):
    data = json.load(open(path))
    rows = {b['name']: b.get('bytes/s', 0) / 1e9 for b in data['benchmarks'] if b.get('run_type') != 'aggregate'}
    cells = []
    for alg in ('Transpose', 'Stencil2D', 'Stencil3D', 'Reduce', 'Dot', 'Max'):
        etage = [v for k, v in rows.items() if re.match(rf'BM_{alg}<', k)]
        peer = [v for k, v in rows.items() if re.match(rf'BM_KokkosRange<{alg}>', k)]
        if not etage or not peer:
            continue
        cells.append(f'{alg} {max(etage):.1f} / {max(peer):.1f} GB/s = {max(etage) / max(peer):.2f}x')
    print(f"{os.path.basename(path)} (etage_git {data['context'].get('etage_git')}): " + '; '.join(cells))
