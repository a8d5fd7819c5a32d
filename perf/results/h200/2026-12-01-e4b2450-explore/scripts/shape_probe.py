#!/usr/bin/env python3
"""Session 18 run B: session 16's clean probe (clean_probe.py, no option) on the tree given as
argv[1], plus variant block 3: the default 3D block with the library's own evict_last option
(StencilTile<16, 128, 256, 2, 3, 0, L2Eviction::Last>), followed after its timing by
etage::reset_l2_persisting_lines, so that the next variant starts without its persisting lines.
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
subprocess.run([sys.executable, str(here.parents[1] / '2026-11-30-2d48d89-explore/scripts/clean_probe.py'), str(root)],
               check=True)
p = root / 'perf/stencil3d_probe.cpp'
s = p.read_text()
old = '''        if (block == 2) st = time_ms([&] { run_stencil<etage::StencilTile<4, 512, 256, 2, 3>>(in, out); }, reps);
'''
assert s.count(old) == 1
s = s.replace(old, old + '''        if (block == 3) {
          using Last = etage::StencilTile<16, 128, 256, 2, 3, 0, etage::L2Eviction::Last>;
          st = time_ms([&] { run_stencil<Last>(in, out); }, reps);
          etage::reset_l2_persisting_lines(Kokkos::Cuda{});
        }
''')
p.write_text(s)
print('shape probe', root)
