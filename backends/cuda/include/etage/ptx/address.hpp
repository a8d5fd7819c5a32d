#pragma once

#include <cstdint>

#include <etage/ptx/config.hpp>

namespace etage::ptx {

/// 32-bit .shared::cta address of a generic pointer into this CTA's shared memory.
/// Precondition: ptr points into shared memory (otherwise the result is meaningless).
ETAGE_PTX_DEVICE std::uint32_t smem_address(void const* ptr) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(ptr));
}

}  // namespace etage::ptx
