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

/// Ring of `Stages` slots, each holding one tile of `T` with row-major slot extents
/// `Extents...` (elements; the last extent is contiguous).
///
/// Layout: slot s starts at `data() + s * slot_stride_elements()`; every slot start is
/// `stage_alignment`-byte aligned; `slot_bytes()` = product(Extents) * sizeof(T) rounded up
/// to `stage_alignment`. `scratch_bytes()` is what to pass to
/// `TeamPolicy::set_scratch_size(0, Kokkos::PerTeam(...))` (it includes alignment slack).
/// Precondition: constructed by every thread of the team, in the same order as the team's
/// other scratch allocations.
template <class T, int Stages, int... Extents>
class StageBuffer {
  static_assert(Stages >= 1 && Stages <= 8, "etage::StageBuffer: Stages must be in [1, 8]");
  static_assert(sizeof...(Extents) >= 1, "etage::StageBuffer: give at least one slot extent");
  static_assert(((Extents >= 1) && ...), "etage::StageBuffer: every slot extent must be >= 1");

 public:
  using value_type = T;
  static constexpr int stages = Stages;
  static constexpr std::size_t tile_elements = (std::size_t(1) * ... * std::size_t(Extents));
  static constexpr std::size_t tile_bytes = tile_elements * sizeof(T);
  static constexpr std::size_t slot_bytes() {
    return (tile_bytes + stage_alignment - 1) / stage_alignment * stage_alignment;
  }
  static constexpr std::size_t slot_stride_elements() { return slot_bytes() / sizeof(T); }
  static constexpr std::size_t scratch_bytes() { return Stages * slot_bytes() + stage_alignment; }
  static_assert(stage_alignment % sizeof(T) == 0, "etage::StageBuffer: sizeof(T) must divide 128");

  StageBuffer() = default;
  /// Carves the ring out of `scratch` (a team's `team_scratch(0)`).
  ///
  /// Precondition: `scratch` is level-0 team scratch with scratch_bytes() requested (see
  /// TeamPolicy::set_scratch_size). Errors (device aborts, Kokkos::abort): "team scratch
  /// exhausted" when the request does not fit; in CUDA device code, "the ring must be in
  /// level-0 team scratch" when the pointer is not in the shared-memory window.
  ///
  /// In CUDA device code Kokkos places level-0 team scratch in the block's shared memory
  /// (Kokkos Programming Guide, "Hierarchical Parallelism", scratch levels). After the null
  /// check the constructor tests that (`__isShared`, CUDA C++ Programming Guide, "Address Space
  /// Predicate Functions") and then tells the compiler (`__builtin_assume`, same guide,
  /// "Compiler Optimization Hint Functions"). Without it nvcc lost the state space in some
  /// instantiations and read the stages with generic 64-bit loads instead of `ld.shared` (the
  /// 3D stencil's default kernel: 20 generic LD and no LDS for its stage reads in SASS;
  /// perf/NOTES.md, memory attempt 27). The compile-only test cuda.stage_reads_shared checks it.
  template <class ScratchSpace>
  ETAGE_INLINE_FUNCTION explicit StageBuffer(ScratchSpace const& scratch)
      : data_(static_cast<T*>(scratch.get_shmem_aligned(Stages * slot_bytes(), stage_alignment))) {
    if (data_ == nullptr) Kokkos::abort("etage::StageBuffer: team scratch exhausted (scratch_bytes() not requested?)");
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if (!__isShared(data_)) Kokkos::abort("etage::StageBuffer: the ring must be in level-0 team scratch (shared memory)");
    __builtin_assume(__isShared(data_));
#endif
  }
  /// Wraps memory the caller owns (host tests); `data` must be stage_alignment-aligned.
  ETAGE_INLINE_FUNCTION explicit StageBuffer(T* data) : data_(data) {}

  ETAGE_INLINE_FUNCTION T* data() const { return data_; }
  /// First element of slot `s` (0 <= s < Stages).
  ETAGE_INLINE_FUNCTION T* slot(int s) const { return data_ + std::size_t(s) * slot_stride_elements(); }

 private:
  T* data_ = nullptr;
};

/// Restates, in a function the tile loop calls out of line, that `p` (a tile's `data`) points
/// into a ring: in CUDA device code, shared memory. What the StageBuffer constructor tells the
/// compiler holds in the function it is inlined into; a tile passed by value to a non-inlined
/// function arrives as a generic pointer, and nvcc read it with generic loads (the 2D
/// stencil's sweep_points: its 5 stage reads per point). Call it once, at the top of that
/// function: the same assumption inside SourceTile's accessors made nvcc drop the stage loads
/// (perf/NOTES.md, memory attempt 27). Precondition (not checked): `p` points into a ring.
template <class T>
ETAGE_FORCEINLINE_FUNCTION void assume_in_ring([[maybe_unused]] T const* p) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  __builtin_assume(__isShared(p));
#endif
}

}  // namespace etage
