#!/usr/bin/env python3
"""Session 15 run O (tree ea3d281): dev_switches_runN.py's patches, plus ETAGE_DEV_COPY=4: the
3D ring as a copy whose writes go out in the order they are issued: each consumer warp claims
its next 512-byte slot (one row of a 16 x 128 block) with an atomic add on one of 8 counters
(stream = block mod 8) and writes there, so the output is 8 sequential streams in time order
(the same bytes; reads unchanged). For grids whose block count is a multiple of 8 and whose
blocks tile them exactly (640^3: 200 blocks). The counters are zeroed before each launch.
"""
from devpatch import patch, setup

root = setup('dev_switches_runN.py')


patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''                  else if (dev_copy == 2)''',
'''                  else if (dev_copy == 4) {
#ifdef __CUDA_ARCH__
                    int const lane = ctx.rank & 31;
                    int const stream = int(blk % 8);
                    unsigned long long s = 0;
                    if (lane == 0) s = atomicAdd(dev_counter + stream * 32, 1ull);
                    s = __shfl_sync(0xffffffffu, s, 0);
                    std::int64_t const region = (num_blocks / 8) * nz * (G::points / 128);
                    c.store_global(out.data() + (stream * region + std::int64_t(s)) * 128 + lane * 4);
#endif
                  } else if (dev_copy == 2)'''),
('''  int dev_copy = 0, dev_nostore = 0;
''', '''  int dev_copy = 0, dev_nostore = 0;
  unsigned long long* dev_counter = nullptr;
'''),
('''        kernel.dev_nostore = std::getenv("ETAGE_DEV_NOSTORE") != nullptr;
''', '''        kernel.dev_nostore = std::getenv("ETAGE_DEV_NOSTORE") != nullptr;
        static Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> counters("dev_counters", 8 * 32);
        if (kernel.dev_copy == 4) {
          Kokkos::deep_copy(space, counters, 0ull);
          kernel.dev_counter = counters.data();
        }
'''),
])
print('run O patched', root)
