#pragma once
/// Position in the stage ring: slot index and phase bit (the CUTLASS PipelineState).
#include <cstdint>

#include <etage/config.hpp>

namespace etage {

/// Index (slot 0 .. Stages-1), phase (flips each time the index wraps) and the count of
/// increments so far. `++` advances one tile.
template <int Stages>
class PipelineState {
  static_assert(Stages >= 1, "etage::PipelineState: Stages must be >= 1");

 public:
  constexpr PipelineState() = default;
  ETAGE_INLINE_FUNCTION constexpr PipelineState(int index, std::uint32_t phase, int count)
      : index_(index), phase_(phase), count_(count) {}

  ETAGE_INLINE_FUNCTION constexpr int index() const { return index_; }
  ETAGE_INLINE_FUNCTION constexpr std::uint32_t phase() const { return phase_; }
  ETAGE_INLINE_FUNCTION constexpr int count() const { return count_; }

  ETAGE_INLINE_FUNCTION constexpr PipelineState& operator++() {
    ++count_;
    if (++index_ == Stages) {
      index_ = 0;
      phase_ ^= 1u;
    }
    return *this;
  }
  ETAGE_INLINE_FUNCTION constexpr PipelineState operator++(int) {
    PipelineState old = *this;
    ++*this;
    return old;
  }
  /// The state `n` tiles ahead (n >= 0).
  ETAGE_INLINE_FUNCTION constexpr PipelineState advanced(int n) const {
    int const total = index_ + n;
    return PipelineState(total % Stages, phase_ ^ static_cast<std::uint32_t>((total / Stages) & 1), count_ + n);
  }

 private:
  int index_ = 0;
  std::uint32_t phase_ = 0;
  int count_ = 0;
};

/// Where a producer starts: phase 1, so that its first wait on a fresh "empty" barrier
/// (current phase 0) passes at once; every slot starts free (CUTLASS make_producer_start_state).
template <int Stages>
ETAGE_INLINE_FUNCTION constexpr PipelineState<Stages> make_producer_start_state() {
  return PipelineState<Stages>(0, 1u, 0);
}

}  // namespace etage
