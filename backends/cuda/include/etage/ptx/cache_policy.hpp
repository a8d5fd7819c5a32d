#pragma once

#include <cstdint>

#include <etage/ptx/config.hpp>

/// L2 cache eviction policies (PTX ISA 7.4, "createpolicy"; sm_80+): an opaque 64-bit value
/// that memory and copy instructions with .L2::cache_hint take as their last operand
/// (PTX ISA, "Cache Eviction Priority Hints"). Fraction 1.0: every access the policy is
/// applied to gets the priority.

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

}  // namespace etage::ptx
