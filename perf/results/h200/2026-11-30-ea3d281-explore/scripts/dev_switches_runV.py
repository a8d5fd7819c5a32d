#!/usr/bin/env python3
"""Session 15 run V (tree ea3d281): dev_switches_runU.py's patches, plus two modes of ETAGE_DEV_LD
that hint only some tiles of each team: 4 = evict_last for the team's first two tiles (in the 3D
stencil, the planes it shares with the z range below, which that range's team reads again at its
end), no hint otherwise; 5 = as 4, and evict_first for the team's last two tiles (their last
use). The tile loop's producer records the tile index in shared memory for the copy to read.
"""
from devpatch import patch, setup

root = setup('dev_switches_runU.py')
patch(root, 'backends/cuda/include/etage/ptx/bulk_tensor.hpp', [
('''static __device__ int etage_dev_ld = 0;
#endif''', '''static __device__ int etage_dev_ld = 0;
static __shared__ int etage_dev_tile, etage_dev_ntiles;
#endif'''),
('''  int const mode = etage_dev_ld;
  if (mode != 0) {
    std::uint64_t policy;
    if (mode == 1)''', '''  int mode = etage_dev_ld;
  if (mode == 4 || mode == 5) {
    int const t = etage_dev_tile, n = etage_dev_ntiles;
    mode = t < 2 ? 2 : (mode == 5 && t >= n - 2) ? 1 : 0;
  }
  if (mode != 0) {
    std::uint64_t policy;
    if (mode == 1)'''),
])
patch(root, 'core/include/etage/tile_loop.hpp', [
('''#ifdef __CUDACC__
static __device__ int etage_dev_drain = 0;
#endif''', '''#ifdef __CUDACC__
static __device__ int etage_dev_drain = 0;
#endif
}  // namespace impl
}  // namespace etage
#if defined(__CUDACC__)
#include <etage/ptx/bulk_tensor.hpp>
#endif
namespace etage {
namespace impl {'''),
('''          pipe.producer_acquire(m, st);
          (ops.issue(m, pipe, st, t), ...);''', '''          pipe.producer_acquire(m, st);
#ifdef __CUDA_ARCH__
          ptx::etage_dev_tile = t;
          ptx::etage_dev_ntiles = num_tiles;
#endif
          (ops.issue(m, pipe, st, t), ...);'''),
])
print('run V patched', root)
