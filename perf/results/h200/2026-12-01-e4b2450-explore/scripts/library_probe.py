#!/usr/bin/env python3
"""Session 18 run E: the library's own 3D default block after 2b7ca4d (evict_last input boxes, the
last wave demoting its last 48 planes' lines) against the former default block (the same block
without the hint), with what each leaves in L2. Session 16's clean probe (clean_probe.py, no
option) on the tree given as argv[1] (an unpatched copy of a commit at or after 2b7ca4d), plus:
- block 5: StencilTile<16, 128, 256, 2, 3> (the former default: no hint, so no demotion);
- block 3 (shape_probe.py's): the default block with evict_last named explicitly;
- after blocks 0, 3 and 5: demote_probe.py's residency test (an L2-resident 16 MiB device copy,
  6 groups of 20 queued calls, median of the group means, right after the variant's sweeps and
  again after etage::reset_l2_persisting_lines; printed as after / clean).
"""
import pathlib
import subprocess
import sys

import probe_patches
from probe_patches import residency_test

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
subprocess.run([sys.executable, str(here / 'shape_probe.py'), str(root)], check=True)


def patch(rel, old, new):
    probe_patches.patch(root, rel, old, new)


patch('perf/stencil3d_probe.cpp', '''        if (block == 3) {''', '''        if (block == 5) st = time_ms([&] { run_stencil<etage::StencilTile<16, 128, 256, 2, 3>>(in, out); }, reps);
        if (block == 3) {''')
residency_test(root)
print('library probe', root)
