#!/usr/bin/env python3
"""Session 14 run C (tree: 1563473 plus the side-box kernel, the working tree of run C): patches a copy of the tree (argv[1]) with run-time switches that
exist only under -DETAGE_DEV, and the exploration's extra benchmark rows. Not part of the
library. Switches (environment, read on the host at each launch):
  ETAGE_DEV_PROMO=0|64|128|256   tensor-map L2 promotion of every BulkTensor source
  ETAGE_DEV_PF3=k                3D stencil: L2 prefetch k planes ahead (BulkTensor)
  ETAGE_DEV_RANGES=r             3D stencil: z ranges per block instead of the rule
  ETAGE_DEV_POINTPATH=1          (run A only) 3D stencil: the kernel with the one-point path
                                 even where every block takes runs
  ETAGE_DEV_SIDES=1              (run C; in the tree it patches) 3D stencil: side boxes
"""
from devpatch import INCLUDE_CSTDLIB, STENCIL_3D, patch, promo, root, short_rows

promo()
# run-C-tree.diff (the side-box kernel) already carries the 3D switches; a tree without it
# takes them here.
if 'ETAGE_DEV_PF3' not in (root / 'algorithms/include/etage/algorithms/stencil.hpp').read_text():
    patch('algorithms/include/etage/algorithms/stencil.hpp', STENCIL_3D + [INCLUDE_CSTDLIB])

# Run C: a short row list (faster to build): the default rows of BulkTensor and CpAsync, the
# former 3D block, and 16x128 at 4 stages (it fits only with side boxes).
short_rows("""                                    stencil_config<BulkTensor, 4, 16, 128, 256, 2>(),
                                    stencil_config<CpAsync, 4, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 5, 12, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 24, 128, 256, 2>()};
""")
print('patched', root)
