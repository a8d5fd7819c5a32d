#pragma once

#include <cstdint>

#include <etage/ptx/config.hpp>

/// L2 cache eviction policies (PTX ISA 7.4, "createpolicy"; sm_80+): an opaque 64-bit value
/// that memory and copy instructions with .L2::cache_hint take as their last operand
/// (PTX ISA, "Cache Eviction Priority Hints"). Fraction 1.0: every access the policy is
/// applied to gets the priority. And "applypriority", which returns a line already in L2 to
/// the normal priority.

namespace etage::ptx {

/// createpolicy.fractional.L2::evict_last.b64 policy, 1.0;   PTX ISA 7.4, sm_80
ETAGE_PTX_DEVICE std::uint64_t createpolicy_fractional_l2_evict_last() {
  std::uint64_t policy = 0;
#if ETAGE_ARCH_CACHE_POLICY
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));  // pure: may be hoisted
#else
  etage_ptx_cache_policy_requires_sm80();
#endif
  return policy;
}

/// createpolicy.fractional.L2::evict_first.b64 policy, 1.0;   PTX ISA 7.4, sm_80
ETAGE_PTX_DEVICE std::uint64_t createpolicy_fractional_l2_evict_first() {
  std::uint64_t policy = 0;
#if ETAGE_ARCH_CACHE_POLICY
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));  // pure: may be hoisted
#else
  etage_ptx_cache_policy_requires_sm80();
#endif
  return policy;
}

/// applypriority.global.L2::evict_normal [line], 128;   PTX ISA 7.4, sm_80
/// Returns the 128-byte L2 line at `line` to the normal eviction priority, if it is in L2
/// (PTX ISA, "applypriority"). Changes no data. Preconditions: `line` is 128-byte aligned and
/// points into global memory (a generic address of global memory, which the .global form takes
/// as its global address; else the behaviour is undefined).
ETAGE_PTX_DEVICE void applypriority_global_l2_evict_normal(void const* line) {
#if ETAGE_ARCH_CACHE_POLICY
  asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(line) : "memory");
#else
  (void)line;
  etage_ptx_cache_policy_requires_sm80();
#endif
}

}  // namespace etage::ptx
