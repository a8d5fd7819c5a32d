#pragma once

#include <cstdint>

#include <etage/ptx/address.hpp>
#include <etage/ptx/config.hpp>

/// Shared-memory barriers (PTX ISA "mbarrier") and the fences that go with them.
/// bar points to an 8-byte-aligned std::uint64_t in this CTA's shared memory.

namespace etage::ptx {

/// mbarrier.init.shared::cta.b64 [addr], count;   PTX ISA 7.8, sm_80
/// count: expected arrivals per phase, 1 <= count <= 2^20 - 1.
ETAGE_PTX_DEVICE void mbarrier_init(std::uint64_t* bar, std::uint32_t count) {
#if ETAGE_ARCH_MBARRIER
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_address(bar)), "r"(count) : "memory");
#else
  etage_ptx_mbarrier_requires_sm80();
#endif
}

/// mbarrier.arrive.shared::cta.b64 state, [addr];   PTX ISA 7.8, sm_80
/// Returns the opaque phase state before the arrival.
ETAGE_PTX_DEVICE std::uint64_t mbarrier_arrive(std::uint64_t* bar) {
#if ETAGE_ARCH_MBARRIER
  std::uint64_t state;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(smem_address(bar)) : "memory");
  return state;
#else
  etage_ptx_mbarrier_requires_sm80();
  return 0;
#endif
}

/// mbarrier.arrive.expect_tx.shared::cta.b64 state, [addr], tx_count;   PTX ISA 8.0, sm_90
/// Adds tx_bytes to the phase's expected transaction bytes, then arrives; returns the state.
ETAGE_PTX_DEVICE std::uint64_t mbarrier_arrive_expect_tx(std::uint64_t* bar, std::uint32_t tx_bytes) {
#if ETAGE_ARCH_MBARRIER_TX
  std::uint64_t state;
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1], %2;"
               : "=l"(state)
               : "r"(smem_address(bar)), "r"(tx_bytes)
               : "memory");
  return state;
#else
  etage_ptx_mbarrier_tx_requires_sm90();
  return 0;
#endif
}

/// mbarrier.try_wait.parity.shared::cta.b64 waitComplete, [addr], phaseParity;   PTX ISA 7.8, sm_90
/// True once the phase with parity phase_parity (0 or 1) has completed. May suspend the thread
/// for a system-dependent time before returning false; callers loop.
ETAGE_PTX_DEVICE bool mbarrier_try_wait_parity(std::uint64_t* bar, std::uint32_t phase_parity) {
#if ETAGE_ARCH_MBARRIER_TX
  std::uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(smem_address(bar)), "r"(phase_parity)
      : "memory");
  return done != 0;
#else
  etage_ptx_mbarrier_tx_requires_sm90();
  return false;
#endif
}

/// mbarrier.try_wait.parity.shared::cta.b64 waitComplete, [addr], phaseParity, suspendTimeHint;   PTX ISA 7.8, sm_90
/// As above; suspend_time_hint_ns caps how long the thread may be suspended (nanoseconds).
ETAGE_PTX_DEVICE bool mbarrier_try_wait_parity(std::uint64_t* bar, std::uint32_t phase_parity,
                                               std::uint32_t suspend_time_hint_ns) {
#if ETAGE_ARCH_MBARRIER_TX
  std::uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(smem_address(bar)), "r"(phase_parity), "r"(suspend_time_hint_ns)
      : "memory");
  return done != 0;
#else
  etage_ptx_mbarrier_tx_requires_sm90();
  return false;
#endif
}

/// mbarrier.inval.shared::cta.b64 [addr];   PTX ISA 7.8, sm_80
/// Required before the barrier's memory is reused for anything else.
ETAGE_PTX_DEVICE void mbarrier_inval(std::uint64_t* bar) {
#if ETAGE_ARCH_MBARRIER
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(smem_address(bar)) : "memory");
#else
  etage_ptx_mbarrier_requires_sm80();
#endif
}

/// fence.proxy.async.shared::cta;   PTX ISA 8.0, sm_90
/// Orders this thread's generic-proxy shared-memory accesses with async-proxy ones (TMA).
ETAGE_PTX_DEVICE void fence_proxy_async_shared_cta() {
#if ETAGE_ARCH_MBARRIER_TX
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#else
  etage_ptx_mbarrier_tx_requires_sm90();
#endif
}

/// fence.mbarrier_init.release.cluster;   PTX ISA 8.0, sm_90
/// Makes prior mbarrier_init visible to the cluster and to the async proxy.
ETAGE_PTX_DEVICE void fence_mbarrier_init_release_cluster() {
#if ETAGE_ARCH_MBARRIER_TX
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#else
  etage_ptx_mbarrier_tx_requires_sm90();
#endif
}

}  // namespace etage::ptx
