#pragma once

#include <cstdint>

#include <etage/ptx/address.hpp>
#include <etage/ptx/config.hpp>

/// Tensor-map (TMA) bulk copies (PTX ISA "cp.async.bulk.tensor"), L2 prefetches of a box
/// (PTX ISA "cp.async.bulk.prefetch.tensor") and tensor-map prefetch. tensor_map is the
/// generic address of a CUtensorMap in param, const or global space (e.g. a
/// __grid_constant__ kernel parameter). Coordinates are signed elements, c0 the innermost
/// (contiguous) dimension. A copy's completion adds the box's bytes to bar's transaction
/// count; an L2 prefetch has no barrier and no destination.

namespace etage::ptx {

/// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [dstMem], [tensorMap, {c0, c1}], [mbar];   PTX ISA 8.0, sm_90
ETAGE_PTX_DEVICE void cp_async_bulk_tensor_2d_global_to_shared(std::uint32_t smem_dst, void const* tensor_map,
                                                               std::int32_t c0, std::int32_t c1,
                                                               std::uint64_t* bar) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar))
      : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

/// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint [dstMem], [tensorMap, {c0, c1}], [mbar], policy;   PTX ISA 8.0, sm_90
/// The copy above with an L2 eviction policy (ptx::createpolicy_*) for the lines it reads.
ETAGE_PTX_DEVICE void cp_async_bulk_tensor_2d_global_to_shared_hint(std::uint32_t smem_dst, void const* tensor_map,
                                                                    std::int32_t c0, std::int32_t c1,
                                                                    std::uint64_t* bar, std::uint64_t policy) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar)), "l"(policy)
      : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

/// cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [dstMem], [tensorMap, {c0, c1, c2}], [mbar];   PTX ISA 8.0, sm_90
ETAGE_PTX_DEVICE void cp_async_bulk_tensor_3d_global_to_shared(std::uint32_t smem_dst, void const* tensor_map,
                                                               std::int32_t c0, std::int32_t c1, std::int32_t c2,
                                                               std::uint64_t* bar) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(c2), "r"(smem_address(bar))
      : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

/// cp.async.bulk.prefetch.tensor.2d.L2.global.tile [tensorMap, {c0, c1}];   PTX ISA 8.0, sm_90
/// Brings the box at (c0, c1) into L2 without a shared-memory destination or a barrier (a
/// hint: nothing waits for it, nothing is written).
ETAGE_PTX_DEVICE void cp_async_bulk_prefetch_tensor_2d_l2(void const* tensor_map, std::int32_t c0, std::int32_t c1) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(tensor_map), "r"(c0), "r"(c1)
               : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

/// prefetch.tensormap [a];   PTX ISA 8.0, sm_90
ETAGE_PTX_DEVICE void prefetch_tensormap(void const* tensor_map) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile("prefetch.tensormap [%0];" ::"l"(tensor_map) : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

/// fence.proxy.tensormap::generic.acquire.sys [a], 128;   PTX ISA 8.3, sm_90
/// Orders this thread's later tensor-map-proxy reads of the 128-byte map at `tensor_map`
/// (bulk tensor copies) after writes to it through the generic proxy, so no stale cached
/// descriptor is used. System scope: the map was written by a copy from the host (CUDA C++
/// Programming Guide, TMA section: a map modified from the host needs the .sys scope).
ETAGE_PTX_DEVICE void fence_proxy_tensormap_acquire_sys(void const* tensor_map) {
#if ETAGE_ARCH_BULK_TENSOR
  asm volatile("fence.proxy.tensormap::generic.acquire.sys [%0], 128;" ::"l"(tensor_map) : "memory");
#else
  etage_ptx_bulk_tensor_requires_sm90();
#endif
}

}  // namespace etage::ptx
