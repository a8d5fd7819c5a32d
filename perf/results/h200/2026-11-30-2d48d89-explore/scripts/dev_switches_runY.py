#!/usr/bin/env python3
"""Session 16 run Y (tree ea3d281): run X's patches, plus ETAGE_DEV_ORDER=G, the league order of
stencil_3d's (block, z range) teams: groups of G consecutive blocks (the last group may be
smaller), each group's teams numbered range-major (all its blocks in range 0, then range 1 ...),
the groups one after another. G >= the block count is the library's order (range-major over all
blocks); G = 1 is block-major (every range of block 0, then of block 1 ...).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import patch, setup  # noqa: E402

root = setup(pathlib.Path(__file__).resolve().parent / 'dev_switches_runX.py')
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''    std::int64_t const block = r % num_blocks, range = r / num_blocks;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;
    std::int64_t const zb = dev_z(range), ze = dev_z(range + 1);''',
'''    std::int64_t block = r % num_blocks, range = r / num_blocks;
    if (dev_order > 0 && dev_order < num_blocks) {
      std::int64_t const g = r / (dev_order * z_ranges), within = r - g * dev_order * z_ranges;
      std::int64_t const size = num_blocks - g * dev_order < dev_order ? num_blocks - g * dev_order : dev_order;
      range = within / size;
      block = g * dev_order + within % size;
    }
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;
    std::int64_t const zb = dev_z(range), ze = dev_z(range + 1);'''),
('''  int dev_units = 0;
''', '''  int dev_units = 0;
  std::int64_t dev_order = 0;
'''),
('''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
''', '''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
        kernel.dev_order = std::getenv("ETAGE_DEV_ORDER") ? std::atoi(std::getenv("ETAGE_DEV_ORDER")) : 0;
'''),
])
print('run Y patched', root)
