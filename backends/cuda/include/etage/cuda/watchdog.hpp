#pragma once
/// Bounded mbarrier waits: in debug builds (or with ETAGE_ENABLE_WATCHDOG=1) a wait that
/// exceeds ETAGE_WATCHDOG_CYCLES prints what it waited for and traps, so a hang becomes a
/// failure that names engine, stage, phase, the expected arrivals or bytes and the team.
#include <cstdint>
#include <cstdio>

#include <etage/config.hpp>
#include <etage/ptx.hpp>

#ifndef ETAGE_ENABLE_WATCHDOG
#define ETAGE_ENABLE_WATCHDOG ETAGE_ENABLE_DEBUG_CHECKS
#endif
#ifndef ETAGE_WATCHDOG_CYCLES
#define ETAGE_WATCHDOG_CYCLES (std::int64_t(1) << 34)  // ~8 s at 2 GHz
#endif

namespace etage::impl {

/// What a wait is for, printed on timeout.
struct WaitSite {
  char const* engine;
  char const* barrier;  // "full" or "empty"
  int stage;
  std::uint32_t phase;
  std::uint32_t expected;  // bytes (full) or arrivals (empty)
  char const* expected_unit;
  int league_rank;
};

/// Spins on mbarrier.try_wait.parity until the phase with parity `phase` has completed.
__device__ __forceinline__ void mbarrier_wait(std::uint64_t* bar, WaitSite const& site) {
#if ETAGE_ENABLE_WATCHDOG
  long long const start = clock64();
  while (!ptx::mbarrier_try_wait_parity(bar, site.phase)) {
    if (clock64() - start > ETAGE_WATCHDOG_CYCLES) {
      unsigned long long raw = 0;
      asm volatile("ld.volatile.shared.b64 %0, [%1];" : "=l"(raw) : "r"(ptx::smem_address(bar)) : "memory");
      printf("etage watchdog: %s engine, %s barrier of stage %d, waiting for phase parity %u, expected %u %s; "
             "barrier state 0x%016llx; league rank %d, thread %d\n",
             site.engine, site.barrier, site.stage, site.phase, site.expected, site.expected_unit, raw,
             site.league_rank, int(threadIdx.x + blockDim.x * threadIdx.y));
      __trap();
    }
  }
#else
  while (!ptx::mbarrier_try_wait_parity(bar, site.phase)) {
  }
#endif
}

}  // namespace etage::impl
