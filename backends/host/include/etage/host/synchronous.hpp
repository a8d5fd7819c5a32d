#pragma once
/// The Synchronous engine: plain loads and stores into the stage, then a team barrier.
/// Written with Kokkos team operations only, so it serves every execution space: the host
/// spaces (Serial, OpenMP, Threads) and, as the no-overlap baseline, CUDA.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/tile.hpp>

namespace etage {

/// Synchronous pipeline: commit and release are team barriers; acquire and wait need no
/// synchronization because every copy has completed when producer_commit returns. Any
/// stage count in [1, 8]; on the host the stages are simply slots.
template <int Stages>
class Pipeline<engine::Synchronous, Stages> : impl::StageCountCheck<engine::Synchronous, Stages> {
 public:
  using engine_type = engine::Synchronous;
  static constexpr int stages = Stages;
  /// Whether the tile loop issues the next copies after consumer_wait (see tile_loop.hpp).
  static constexpr bool issue_after_wait = false;
  static constexpr std::size_t scratch_bytes() { return 0; }

  Pipeline() = default;
  /// `tx_bytes` (bytes per stage) is unused: nothing is transaction-counted.
  template <class Member>
  ETAGE_INLINE_FUNCTION Pipeline(Member const&, std::uint32_t /*tx_bytes*/) {}

  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_acquire(Member const&, PipelineState<Stages> const&) {
    ring_.on_acquire();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_commit(Member const& m, PipelineState<Stages> const&) {
    ring_.on_commit();
    m.team_barrier();
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

namespace impl {

/// Reads element (outer, inner) of box (c_outer, c_inner) of `s`, zero outside the extents.
template <class Source>
ETAGE_FORCEINLINE_FUNCTION typename Source::value_type load_or_zero(Source const& s, std::int64_t g_outer,
                                                                    std::int64_t g_inner) {
  using T = typename Source::value_type;
  return s.contains(g_outer, g_inner) ? s.data[g_outer * s.stride_outer() + g_inner * s.stride_inner()] : T(0);
}

/// Chunk `idx` of the box at (c_outer, c_inner) of `s`: its V = Source::vector_elements
/// elements from (c_outer + idx / (box_inner / V), c_inner + V * (idx % (box_inner / V))), one
/// 16-byte load when the whole chunk lies inside the source, element by element (zero
/// outside the extents) otherwise. Preconditions: s.vector_ok and c_inner % V == 0 (so a
/// chunk inside is 16-byte aligned).
template <class Source>
ETAGE_FORCEINLINE_FUNCTION Vec<typename Source::value_type, Source::vector_elements> load_chunk_or_zero(
    Source const& s, std::int64_t c_outer, std::int64_t c_inner, int idx) {
  constexpr int V = Source::vector_elements, chunks_per_row = Source::box_inner / V;
  using Chunk = Vec<typename Source::value_type, V>;
  std::int64_t const go = c_outer + idx / chunks_per_row, gi = c_inner + (idx % chunks_per_row) * V;
  if (s.contains(go, gi) && gi + V <= s.extent_inner()) return Chunk::load(s.data + go * s.stride_outer() + gi);
  Chunk c;
#pragma unroll
  for (int e = 0; e < V; ++e) c.v[e] = load_or_zero(s, go, gi + e);
  return c;
}

}  // namespace impl

/// Synchronous loader: the team copies the box element by element (flat index over the
/// stage, so consecutive threads touch consecutive inner elements), zero-filling outside.
template <class Source, int Threads>
struct TileLoader<engine::Synchronous, Source, Threads> {
  using T = typename Source::value_type;
  Source src;

  ETAGE_INLINE_FUNCTION explicit TileLoader(Source const& s) : src(s) {}

  template <class Member, class Pipe, class State>
  ETAGE_INLINE_FUNCTION void issue(Member const& m, Pipe&, State const&, T* dst, std::int64_t c0,
                                   std::int64_t c1) const {
    std::int64_t const c_inner = Source::inner == 1 ? c1 : c0;
    std::int64_t const c_outer = Source::inner == 1 ? c0 : c1;
    int const rank = m.team_rank();
    int const size = Threads > 0 ? Threads : m.team_size();
    // On the host, a box wholly inside a source with contiguous rows: each thread copies whole
    // rows with std::memcpy (rank, rank + size, ...), no per-element bounds test and no index
    // arithmetic per 16-byte chunk. The chunked path below cost about 11 instructions per
    // float copied (callgrind, a host dot of 2^23 floats: 85 % of the run's instructions in
    // this loader; perf/NOTES.md, "Host memory-bound algorithms"). Boxes that reach outside
    // (halos, tails) keep the element path with its zero fill.
    KOKKOS_IF_ON_HOST((if (src.stride_inner() == 1 && src.contains(c_outer, c_inner) &&
                           src.contains(c_outer + Source::box_outer - 1, c_inner + Source::box_inner - 1)) {
      for (int o = rank; o < Source::box_outer; o += size)
        std::memcpy(dst + std::size_t(o) * Source::box_inner, src.data + (c_outer + o) * src.stride_outer() + c_inner,
                    sizeof(T) * Source::box_inner);
      return;
    }))
    if constexpr (Source::box_inner % Source::vector_elements == 0) {
      constexpr int V = Source::vector_elements, chunks = int(Source::box_elements) / V;
      if (src.vector_ok && c_inner % V == 0) {
        // 16-byte copies, `batch` loads in flight per thread before their stores (the stores
        // to the stage could alias the loads as far as the compiler knows).
        constexpr int batch = 4;
        for (int base = rank; base < chunks; base += batch * size) {
          Vec<T, V> v[batch];
#pragma unroll
          for (int r = 0; r < batch; ++r) {
            int const idx = base + r * size;
            if (idx >= chunks) break;
            v[r] = impl::load_chunk_or_zero(src, c_outer, c_inner, idx);
          }
#pragma unroll
          for (int r = 0; r < batch; ++r) {
            int const idx = base + r * size;
            if (idx >= chunks) break;
            v[r].store(dst + std::size_t(idx) * V);
          }
        }
        return;
      }
    }
    for (int idx = rank; idx < int(Source::box_elements); idx += size) {
      int const o = idx / Source::box_inner;
      int const i = idx % Source::box_inner;
      dst[idx] = impl::load_or_zero(src, c_outer + o, c_inner + i);
    }
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void flush(Member const&) const {}
};

}  // namespace etage
