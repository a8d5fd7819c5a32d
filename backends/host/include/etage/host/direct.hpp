#pragma once
/// The Direct engine: no stage. Each tile is read in place by the threads that compute on it
/// (DirectTile, etage/tile.hpp), so the pipeline protocol has nothing to synchronize. Written
/// with Kokkos team operations only, so it serves every execution space.
#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>

namespace etage {

/// Direct pipeline: exactly 1 stage, no scratch, no barrier. The protocol calls still run
/// (and are checked by the debug ring accounting), so a tile loop drives every engine the
/// same way; none of them waits for anything, because no thread writes what another reads.
template <int Stages>
class Pipeline<engine::Direct, Stages> : impl::StageCountCheck<engine::Direct, Stages> {
 public:
  using engine_type = engine::Direct;
  static constexpr int stages = Stages;
  /// Whether the tile loop issues the next copies after consumer_wait (see tile_loop.hpp).
  static constexpr bool issue_after_wait = false;
  static constexpr std::size_t scratch_bytes() { return 0; }

  Pipeline() = default;
  template <class Member>
  ETAGE_INLINE_FUNCTION Pipeline(Member const&, std::uint32_t /*tx_bytes*/) {}

  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_acquire(Member const&, PipelineState<Stages> const&) {
    ring_.on_acquire();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_commit(Member const&, PipelineState<Stages> const&) {
    ring_.on_commit();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_wait(Member const&, PipelineState<Stages> const&) {
    ring_.on_wait();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_release(Member const&, PipelineState<Stages> const&) {
    ring_.on_release();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void finalize(Member const&) {}

 private:
  impl::RingAccounting<Stages> ring_;
};

}  // namespace etage
