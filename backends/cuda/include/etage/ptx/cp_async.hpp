#pragma once

#include <cstdint>

#include <etage/ptx/address.hpp>
#include <etage/ptx/config.hpp>

/// Non-bulk asynchronous global->shared copies and their completion (PTX ISA "cp.async").
/// smem_dst is a 32-bit shared address (see smem_address), gmem_src a generic pointer to
/// global memory; both aligned to the copy size. Sizes are bytes.

namespace etage::ptx {

/// cp.async.ca.shared.global [dst], [src], cp-size;   PTX ISA 7.0, sm_80
template <int CpSize>
ETAGE_PTX_DEVICE void cp_async_ca_shared_global(std::uint32_t smem_dst, void const* gmem_src) {
  static_assert(CpSize == 4 || CpSize == 8 || CpSize == 16, "cp.async.ca: cp-size must be 4, 8 or 16");
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(smem_dst), "l"(gmem_src), "n"(CpSize)
               : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.ca.shared.global [dst], [src], cp-size, src-size;   PTX ISA 7.0, sm_80
/// Reads src_size bytes (0 <= src_size <= CpSize) and zero-fills the rest of the CpSize bytes.
template <int CpSize>
ETAGE_PTX_DEVICE void cp_async_ca_shared_global(std::uint32_t smem_dst, void const* gmem_src,
                                                std::uint32_t src_size) {
  static_assert(CpSize == 4 || CpSize == 8 || CpSize == 16, "cp.async.ca: cp-size must be 4, 8 or 16");
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(smem_dst), "l"(gmem_src), "n"(CpSize),
               "r"(src_size)
               : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.cg.shared.global [dst], [src], 16;   PTX ISA 7.0, sm_80
/// Caches in L2 only (bypasses L1); the hardware allows only 16-byte copies.
template <int CpSize>
ETAGE_PTX_DEVICE void cp_async_cg_shared_global(std::uint32_t smem_dst, void const* gmem_src) {
  static_assert(CpSize == 16, "cp.async.cg: cp-size must be 16");
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.cg.shared.global [%0], [%1], %2;" ::"r"(smem_dst), "l"(gmem_src), "n"(CpSize)
               : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.cg.shared.global [dst], [src], 16, src-size;   PTX ISA 7.0, sm_80
/// Reads src_size bytes (0 <= src_size <= 16) and zero-fills the rest of the 16 bytes.
template <int CpSize>
ETAGE_PTX_DEVICE void cp_async_cg_shared_global(std::uint32_t smem_dst, void const* gmem_src,
                                                std::uint32_t src_size) {
  static_assert(CpSize == 16, "cp.async.cg: cp-size must be 16");
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.cg.shared.global [%0], [%1], %2, %3;" ::"r"(smem_dst), "l"(gmem_src), "n"(CpSize),
               "r"(src_size)
               : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.commit_group;   PTX ISA 7.0, sm_80
ETAGE_PTX_DEVICE void cp_async_commit_group() {
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.commit_group;" ::: "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.wait_group N;   PTX ISA 7.0, sm_80
/// Waits until at most N of this thread's committed groups are still pending.
template <int N>
ETAGE_PTX_DEVICE void cp_async_wait_group() {
  static_assert(N >= 0, "cp.async.wait_group: N must be >= 0");
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.wait_all;   PTX ISA 7.0, sm_80
ETAGE_PTX_DEVICE void cp_async_wait_all() {
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.wait_all;" ::: "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.mbarrier.arrive.shared::cta.b64 [addr];   PTX ISA 7.8, sm_80
/// Arrives on bar once this thread's prior cp.async complete; increments the pending count
/// first, so the arrival does not count against the count given to mbarrier_init.
ETAGE_PTX_DEVICE void cp_async_mbarrier_arrive(std::uint64_t* bar) {
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.mbarrier.arrive.shared::cta.b64 [%0];" ::"r"(smem_address(bar)) : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

/// cp.async.mbarrier.arrive.noinc.shared::cta.b64 [addr];   PTX ISA 7.8, sm_80
/// As cp_async_mbarrier_arrive, without the increment: the arrival counts against the init count.
ETAGE_PTX_DEVICE void cp_async_mbarrier_arrive_noinc(std::uint64_t* bar) {
#if ETAGE_ARCH_CP_ASYNC
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(smem_address(bar)) : "memory");
#else
  etage_ptx_cp_async_requires_sm80();
#endif
}

}  // namespace etage::ptx
