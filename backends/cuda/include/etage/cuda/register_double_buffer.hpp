#pragma once
/// The RegisterDoubleBuffer engine (any CUDA GPU): the loads of tile t+1 go to registers
/// before tile t is computed, and are stored into the other slot after it; one team barrier
/// per tile.
#include <cstdint>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/host/synchronous.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/tile.hpp>

namespace etage {

/// RegisterDoubleBuffer pipeline, exactly 2 stages. In the prologue producer_commit is a
/// team barrier (the first tile was stored at once); in the steady state the loader stores
/// after compute and consumer_release's barrier publishes the slot and frees the other.
template <int Stages>
class Pipeline<engine::RegisterDoubleBuffer, Stages> : impl::StageCountCheck<engine::RegisterDoubleBuffer, Stages> {
 public:
  using engine_type = engine::RegisterDoubleBuffer;
  static constexpr int stages = Stages;
  /// Whether the tile loop issues the next copies after consumer_wait (see tile_loop.hpp).
  static constexpr bool issue_after_wait = false;
  static constexpr std::size_t scratch_bytes() { return 0; }

  template <class Member>
  ETAGE_INLINE_FUNCTION Pipeline(Member const&, std::uint32_t) {}

  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_acquire(Member const&, PipelineState<Stages> const&) {
    ring_.on_acquire();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_commit(Member const& m, PipelineState<Stages> const& st) {
    ring_.on_commit();
    if (st.count() < Stages - 1) m.team_barrier();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_wait(Member const&, PipelineState<Stages> const&) {
    ring_.on_wait();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_release(Member const& m, PipelineState<Stages> const&) {
    ring_.on_release();
    m.team_barrier();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void finalize(Member const&) {}

 private:
  impl::RingAccounting<Stages> ring_;
};

/// RegisterDoubleBuffer loader: `issue` loads this thread's share of the box into registers
/// (16-byte vectors when `vector_ok`), zero outside the extents; `flush` stores them into the
/// slot `issue` named. `Threads` (compile time) sizes the register array.
template <class Source, int Threads>
struct TileLoader<engine::RegisterDoubleBuffer, Source, Threads> {
  static_assert(Threads > 0, "etage RegisterDoubleBuffer: the tile loop needs a compile-time Threads");
  using T = typename Source::value_type;
  static constexpr int V = Source::vector_elements;
  static constexpr int per_thread = (int(Source::box_elements) + Threads - 1) / Threads;
  static constexpr int vectors_per_thread = (int(Source::box_elements) / V + Threads - 1) / Threads;
  using Vec = etage::Vec<T, V>;  // 16 bytes, 16-byte aligned

  Source src;
  T* pending = nullptr;
  bool vector_path = false;
  T regs[per_thread];
  Vec vregs[Source::box_inner % V == 0 ? vectors_per_thread : 1];

  ETAGE_INLINE_FUNCTION explicit TileLoader(Source const& s) : src(s) {}

  template <class Member, class Pipe, class State>
  ETAGE_INLINE_FUNCTION void issue(Member const& m, Pipe&, State const&, T* dst, std::int64_t c0, std::int64_t c1) {
    std::int64_t const c_inner = Source::inner == 1 ? c1 : c0;
    std::int64_t const c_outer = Source::inner == 1 ? c0 : c1;
    int const rank = m.team_rank();
    pending = dst;
    vector_path = Source::box_inner % V == 0 && src.vector_ok && c_inner % V == 0;
    if constexpr (Source::box_inner % V == 0) {
      if (vector_path) {
        constexpr int chunks = int(Source::box_elements) / V;
#pragma unroll
        for (int r = 0; r < vectors_per_thread; ++r) {
          int const idx = rank + r * Threads;
          if (idx < chunks) vregs[r] = impl::load_chunk_or_zero(src, c_outer, c_inner, idx);
        }
        return;
      }
    }
#pragma unroll
    for (int r = 0; r < per_thread; ++r) {
      int const idx = rank + r * Threads;
      if (idx < int(Source::box_elements))
        regs[r] = impl::load_or_zero(src, c_outer + idx / Source::box_inner, c_inner + idx % Source::box_inner);
    }
  }

  template <class Member>
  ETAGE_INLINE_FUNCTION void flush(Member const& m) {
    if (pending == nullptr) return;
    int const rank = m.team_rank();
    if constexpr (Source::box_inner % V == 0) {
      if (vector_path) {
        constexpr int chunks = int(Source::box_elements) / V;
#pragma unroll
        for (int r = 0; r < vectors_per_thread; ++r) {
          int const idx = rank + r * Threads;
          if (idx < chunks) vregs[r].store(pending + idx * V);
        }
        pending = nullptr;
        return;
      }
    }
#pragma unroll
    for (int r = 0; r < per_thread; ++r) {
      int const idx = rank + r * Threads;
      if (idx < int(Source::box_elements)) pending[idx] = regs[r];
    }
    pending = nullptr;
  }
};

}  // namespace etage
