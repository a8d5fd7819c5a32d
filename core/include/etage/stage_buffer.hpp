#pragma once
/// StageBuffer: the ring of `Stages` tile slots carved out of Kokkos level-0 team scratch.
#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>

namespace etage {

/// Alignment of every slot, bytes. 128 B serves every engine: cp.async needs 16 B, bulk
/// tensor copies without swizzle need 16 B and with swizzle 128 B (PTX ISA 8.0, "Tensor
/// copy restrictions"; CUDA C++ Programming Guide, "Asynchronous data copies using TMA").
inline constexpr std::size_t stage_alignment = 128;
/// Alignment of every slot of a stage laid out with the 128-byte swizzle (Swizzle::B128):
/// the pattern repeats every 1024 bytes (shared-memory address bits 7-9 select the XOR).
inline constexpr std::size_t swizzled_stage_alignment = 1024;

/// Ring of `Stages` slots, each holding one tile of `T` with row-major slot extents
/// `Extents...` (elements; the last extent is contiguous).
///
/// Layout: slot s starts at `data() + s * slot_stride_elements()`; every slot start is
/// `Alignment`-byte aligned (a power of two, at least 128); `slot_bytes()` =
/// product(Extents) * sizeof(T) rounded up to `Alignment`. `scratch_bytes()` is what to pass
/// to `TeamPolicy::set_scratch_size(0, Kokkos::PerTeam(...))` (it includes alignment slack).
/// Precondition: constructed by every thread of the team, in the same order as the team's
/// other scratch allocations.
template <std::size_t Alignment, class T, int Stages, int... Extents>
class BasicStageBuffer {
  static_assert(Alignment >= 128 && (Alignment & (Alignment - 1)) == 0,
                "etage::StageBuffer: slot alignment must be a power of two >= 128 bytes");
  static_assert(Stages >= 1 && Stages <= 8, "etage::StageBuffer: Stages must be in [1, 8]");
  static_assert(sizeof...(Extents) >= 1, "etage::StageBuffer: give at least one slot extent");
  static_assert(((Extents >= 1) && ...), "etage::StageBuffer: every slot extent must be >= 1");

 public:
  using value_type = T;
  static constexpr int stages = Stages;
  static constexpr std::size_t tile_elements = (std::size_t(1) * ... * std::size_t(Extents));
  static constexpr std::size_t tile_bytes = tile_elements * sizeof(T);
  static constexpr std::size_t alignment = Alignment;
  static constexpr std::size_t slot_bytes() { return (tile_bytes + Alignment - 1) / Alignment * Alignment; }
  static constexpr std::size_t slot_stride_elements() { return slot_bytes() / sizeof(T); }
  static constexpr std::size_t scratch_bytes() { return Stages * slot_bytes() + Alignment; }
  static_assert(Alignment % sizeof(T) == 0, "etage::StageBuffer: sizeof(T) must divide the slot alignment");

  BasicStageBuffer() = default;
  /// Carves the ring out of `scratch` (a team's `team_scratch(0)`).
  template <class ScratchSpace>
  ETAGE_INLINE_FUNCTION explicit BasicStageBuffer(ScratchSpace const& scratch)
      : data_(static_cast<T*>(scratch.get_shmem_aligned(Stages * slot_bytes(), Alignment))) {
    if (data_ == nullptr) Kokkos::abort("etage::StageBuffer: team scratch exhausted (scratch_bytes() not requested?)");
  }
  /// Wraps memory the caller owns (host tests); `data` must be Alignment-aligned.
  ETAGE_INLINE_FUNCTION explicit BasicStageBuffer(T* data) : data_(data) {}

  ETAGE_INLINE_FUNCTION T* data() const { return data_; }
  /// First element of slot `s` (0 <= s < Stages).
  ETAGE_INLINE_FUNCTION T* slot(int s) const { return data_ + std::size_t(s) * slot_stride_elements(); }

 private:
  T* data_ = nullptr;
};

/// The ring with `stage_alignment` (128-byte) slots, which every engine's dense stages need.
template <class T, int Stages, int... Extents>
using StageBuffer = BasicStageBuffer<stage_alignment, T, Stages, Extents...>;

}  // namespace etage
