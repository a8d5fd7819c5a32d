#!/usr/bin/env python3
"""Session 15 run N (tree ea3d281): dev_switches_runM.py's patches, plus two more copy modes of
the 3D ring (ETAGE_DEV_COPY): 1 = out(p) = in(p) in place (as before); 2 = each (plane, block)
output of 16 x 128 floats goes to its own contiguous 8 KiB chunk, chunks in (plane, block) order
(the same bytes, reads unchanged, writes contiguous); 3 = chunks in (block, plane) order (each
team writes one contiguous region). Modes 2 and 3 are for grids whose blocks tile them exactly
(640^3 with 16 x 128 blocks); they scramble the output.
"""
from devpatch import patch, setup

root = setup('dev_switches_runM.py')


patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''                if (start && inside) c.store_global(&out(p, y0 + y, x0 + x));''',
'''                if (start && inside) {
                  std::int64_t const blk = (y0 / G::BO) * blocks_x + x0 / G::BI;
                  if (dev_copy == 1) c.store_global(&out(p, y0 + y, x0 + x));
                  else if (dev_copy == 2) c.store_global(out.data() + ((p * num_blocks + blk) * G::points + y * G::BI + x));
                  else c.store_global(out.data() + ((blk * nz + p) * G::points + y * G::BI + x));
                }'''),
('''        kernel.dev_copy = std::getenv("ETAGE_DEV_COPY") != nullptr;''',
'''        kernel.dev_copy = std::getenv("ETAGE_DEV_COPY") ? std::atoi(std::getenv("ETAGE_DEV_COPY")) : 0;'''),
])
print('run N patched', root)
