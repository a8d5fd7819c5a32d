#!/usr/bin/env python3
"""Session 14 run E (tree 3b24d27): patches a copy of the tree (argv[1]) with run-time switches that
exist only under -DETAGE_DEV, and the exploration's extra benchmark rows. Not part of the
library. Switches (environment, read on the host at each launch):
  ETAGE_DEV_PROMO=0|64|128|256   tensor-map L2 promotion of every BulkTensor source
  ETAGE_DEV_PF3=k                3D stencil: L2 prefetch k planes ahead (BulkTensor)
  ETAGE_DEV_RANGES=r             3D stencil: z ranges per block instead of the rule
  ETAGE_DEV_ZFIRST=1             3D stencil: league order with the z range fastest (team r
                                 takes range r % ranges of block r / ranges) instead of the
                                 block fastest
"""
from devpatch import INCLUDE_CSTDLIB, STENCIL_3D, patch, promo, root, short_rows

promo()
patch('algorithms/include/etage/algorithms/stencil.hpp', STENCIL_3D + [
('''        if (char const* e = std::getenv("ETAGE_DEV_PF3")) kernel.dev_pf = std::atoi(e);''',
'''        if (char const* e = std::getenv("ETAGE_DEV_PF3")) kernel.dev_pf = std::atoi(e);
        kernel.dev_zfirst = std::getenv("ETAGE_DEV_ZFIRST") != nullptr;'''),
('''    std::int64_t const block = r % num_blocks, range = r / num_blocks;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;''',
'''    std::int64_t const block = dev_zfirst ? r / z_ranges : r % num_blocks,
                       range = dev_zfirst ? r % z_ranges : r / num_blocks;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;'''),
('''  int dev_pf = 0;
''','''  int dev_pf = 0;
  bool dev_zfirst = false;
'''),
INCLUDE_CSTDLIB])

# Run E: a short row list (faster to build): the default rows of BulkTensor and CpAsync and
# two 3D blocks.
short_rows("""                                    stencil_config<BulkTensor, 6, 8, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 5, 12, 128, 256, 2>()};
""")
print('patched', root)
