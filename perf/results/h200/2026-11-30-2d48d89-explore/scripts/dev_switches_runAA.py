#!/usr/bin/env python3
"""Session 16 run AA (tree ea3d281): run Z's patches, plus ETAGE_DEV_PF=k for stencil_3d's ring:
the L2 prefetch distance of its operand (Operand::l2_prefetch_distance, as stencil_2d's 5): after
issuing tile t the producer asks L2 for the team's tiles up to t + k (so with k >= the team's
tile count, a team requests all its planes by its first issues, as the 2D stencil's short teams
do). The library's 3D stencil prefetches nothing (k = 0). Adds an 8 x 128 float block, 256
threads, room for 3 teams per SM, 4 stages, as probe block 12.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import add_probe_blocks, patch, setup  # noqa: E402

root = setup(pathlib.Path(__file__).resolve().parent / 'dev_switches_runZ.py')
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''        operand(src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }));''',
'''        operand(src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, dev_pf));'''),
('''  int dev_units = 0;
''', '''  int dev_units = 0, dev_pf = 0;
'''),
('''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
''', '''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
        kernel.dev_pf = std::getenv("ETAGE_DEV_PF") ? std::atoi(std::getenv("ETAGE_DEV_PF")) : 0;
'''),
])
add_probe_blocks(root, {12: '8, 128, 256, 3, 4'})
print('run AA patched', root)
