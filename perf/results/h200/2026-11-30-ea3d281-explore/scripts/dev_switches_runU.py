#!/usr/bin/env python3
"""Session 15 run U (tree ea3d281): dev_switches_runT.py's patches, plus ETAGE_DEV_LD=m for every
2D bulk tensor copy (the stencils' boxes): 0 = no cache hint (the library's), 1 = .L2::cache_hint
with an evict_first policy, 2 = evict_last, 3 = evict_unchanged (createpolicy.fractional 1.0).
(A device global, set before each 3D launch.)
"""
from devpatch import patch, setup

root = setup('dev_switches_runT.py')
patch(root, 'backends/cuda/include/etage/ptx/bulk_tensor.hpp', [
('''ETAGE_PTX_DEVICE void cp_async_bulk_tensor_2d_global_to_shared(std::uint32_t smem_dst, void const* tensor_map,''',
'''#ifdef __CUDACC__
static __device__ int etage_dev_ld = 0;
#endif
ETAGE_PTX_DEVICE void cp_async_bulk_tensor_2d_global_to_shared(std::uint32_t smem_dst, void const* tensor_map,'''),
('''#if ETAGE_ARCH_BULK_TENSOR
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar))
      : "memory");''',
'''#if ETAGE_ARCH_BULK_TENSOR
  int const mode = etage_dev_ld;
  if (mode != 0) {
    std::uint64_t policy;
    if (mode == 1) asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    else if (mode == 2) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
    else asm volatile("createpolicy.fractional.L2::evict_unchanged.b64 %0, 1.0;" : "=l"(policy));
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"
        " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(smem_dst),
        "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar)), "l"(policy)
        : "memory");
    return;
  }
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar))
      : "memory");'''),
])
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''#include <etage/tile_loop.hpp>
''', '''#include <etage/tile_loop.hpp>
#if defined(__CUDACC__)
#include <etage/ptx/bulk_tensor.hpp>
#endif
'''),
('''          cudaMemcpyToSymbol(etage::etage_dev_st, &st_mode, sizeof(int));
''', '''          cudaMemcpyToSymbol(etage::etage_dev_st, &st_mode, sizeof(int));
          int const ld_mode = std::getenv("ETAGE_DEV_LD") ? std::atoi(std::getenv("ETAGE_DEV_LD")) : 0;
          cudaMemcpyToSymbol(etage::ptx::etage_dev_ld, &ld_mode, sizeof(int));
'''),
])
print('run U patched', root)
