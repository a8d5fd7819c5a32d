#pragma once
/// The one tile-loop driver: prologue, steady state and drain of a stage ring.
///
/// An algorithm gives, per operand, *which* box of which TileSource is tile t (`operand`),
/// and *what to compute* on a stage (`compute`). The driver owns the StageBuffers, the
/// Pipeline and the ring; algorithms never hand-write it.
#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/l2_eviction.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/stage_buffer.hpp>
#include <etage/tile.hpp>

namespace etage {

/// Box origin of one tile, in the source's coordinates (elements).
using TileOrigin = Kokkos::Array<std::int64_t, 2>;

/// One operand of a tile loop: a TileSource, `origin(t) -> TileOrigin` for tile t, and an L2
/// prefetch distance (tiles) for engines whose producer can prefetch (Engine::l2_prefetch;
/// others ignore it).
///
/// With a distance k > 0, once the producer has issued tile t it has also requested tiles
/// t + 1 ... min(t + k, num_tiles - 1) into L2, each tile once and none below Stages (tiles
/// 0 ... Stages - 1 are loaded without waiting for a stage). The prefetches for tile t go
/// out right after its load, so with k >= Stages the first ones precede the loads of tiles
/// 1 ... Stages - 1 (this is the order that was measured, perf/NOTES.md, memory attempt 16).
/// A hint: it changes no result. Preconditions: k >= 0 (k <= 0: none); `origin` is pure and
/// cheap (the producer calls it a second time for each prefetched tile, and with
/// l2_demote_tiles every team thread calls it once per demoted box row).
///
/// `Eviction` (compile time, default L2Eviction::Normal): the L2 eviction priority of the
/// copies that fill this operand's stages, on engines with Engine::l2_eviction_hints (others
/// ignore it); see <etage/l2_eviction.hpp>, and reset_l2_persisting_lines after a loop with
/// L2Eviction::Last. With Normal the copies are issued exactly as without the option.
///
/// `l2_demote_tiles` (tiles, run time; only with L2Eviction::Last on engines with
/// Engine::l2_eviction_hints, else ignored): n > 0 makes the team, once its loop is done,
/// return the L2 lines of the boxes of its last min(n, num_tiles) tiles to the normal eviction
/// priority (BulkTensor: applypriority.global.L2::evict_normal on every 128-byte line, spread
/// over the team's threads). The evict_last lines that outlive a kernel in L2 are its last
/// loaded ones; an algorithm whose last teams demote their last tiles leaves few of them
/// (perf/NOTES.md, memory attempt 26). Changes no data; costs a team barrier and one
/// instruction per line. Precondition: the same value on every thread of a team (the demotion
/// starts with a team barrier).
template <class Source, class OriginFn, L2Eviction Eviction = L2Eviction::Normal>
struct Operand {
  using source_type = Source;
  static constexpr L2Eviction l2_eviction = Eviction;
  Source source;
  OriginFn origin;
  int l2_prefetch_distance = 0;
  int l2_demote_tiles = 0;
};
/// operand(source, origin, k) or operand<L2Eviction::Last>(source, origin, k, n).
template <L2Eviction Eviction = L2Eviction::Normal, class Source, class OriginFn>
ETAGE_INLINE_FUNCTION Operand<Source, OriginFn, Eviction> operand(Source const& source, OriginFn const& origin,
                                                                  int l2_prefetch_distance = 0,
                                                                  int l2_demote_tiles = 0) {
  return {source, origin, l2_prefetch_distance, l2_demote_tiles};
}

/// Who computes: `rank` in [0, count). All team threads for most engines; the consumer
/// warps for engines with a producer warp (BulkTensor).
struct ConsumerContext {
  int rank;
  int count;
};

/// The StageBuffer type the driver allocates for a TileSource.
template <class Source, int Stages>
using stage_buffer_for = StageBuffer<typename Source::value_type, Stages, Source::box_outer, Source::box_inner>;

/// Level-0 team scratch (bytes) a tile loop over `Sources...` needs: one StageBuffer per
/// operand plus the pipeline's own barriers. Pass it to set_scratch_size.
template <class Engine, int Stages, class... Sources>
constexpr std::size_t tile_loop_scratch_bytes() {
  return (stage_buffer_for<Sources, Stages>::scratch_bytes() + ... + 0) + Pipeline<Engine, Stages>::scratch_bytes();
}

/// Team size a tile loop with `Threads` consumer threads launches with.
template <class Engine>
constexpr int tile_loop_team_size(int consumer_threads) {
  return consumer_threads + 32 * Engine::producer_warps;
}

namespace impl {

template <class Engine, int Stages, int Threads, class Op>
struct BoundOperand {
  using Source = typename Op::source_type;
  using T = typename Source::value_type;
  using Buffer = stage_buffer_for<Source, Stages>;
  using Loader = TileLoader<Engine, Source, Threads>;
  using Tile = SourceTile<T, Source::box0, Source::box1, Source::inner>;
  static constexpr std::size_t box_bytes = Source::box_bytes;

  Buffer buffer;
  Loader loader;
  Op op;
  static_assert(!Engine::l2_prefetch || Engine::producer_warps > 0,
                "etage: L2 prefetches are issued by the producer warp; an engine without one cannot take them");

  template <class Member>
  ETAGE_INLINE_FUNCTION BoundOperand(Member const& m, Op const& o)
      : buffer(m.team_scratch(0)), loader(o.source), op(o) {}

  template <class Member, class Pipe, class State>
  ETAGE_FORCEINLINE_FUNCTION void issue(Member const& m, Pipe& pipe, State const& st, int t) {
    TileOrigin const c = op.origin(t);
    if constexpr (Op::l2_eviction != L2Eviction::Normal && Engine::l2_eviction_hints)
      loader.template issue<Op::l2_eviction>(m, pipe, st, buffer.slot(st.index()), c[0], c[1]);
    else
      loader.issue(m, pipe, st, buffer.slot(st.index()), c[0], c[1]);
  }
  template <class Member>
  ETAGE_FORCEINLINE_FUNCTION void flush(Member const& m) {
    loader.flush(m);
  }
  /// After the issue of tile t (issuing thread): the L2 prefetches the operand asks for (see
  /// Operand), on engines that can. Tiles up to t + k - 1 were requested after earlier
  /// issues, so tile t asks for [max(Stages, t + k), t + k] (after tile 0: [Stages, k]),
  /// cut at num_tiles.
  ETAGE_FORCEINLINE_FUNCTION void prefetch_after(int t, int num_tiles) const {
    if constexpr (Engine::l2_prefetch) {
      int const k = op.l2_prefetch_distance < num_tiles ? op.l2_prefetch_distance : num_tiles;
      if (k <= 0) return;
      int const from = t == 0 || t + k < Stages ? Stages : t + k, to = t + k < num_tiles ? t + k : num_tiles - 1;
      for (int p = from; p <= to; ++p) {
        TileOrigin const c = op.origin(p);
        loader.prefetch(c[0], c[1]);
      }
    }
  }
  ETAGE_FORCEINLINE_FUNCTION Tile tile(int slot) const { return Tile{buffer.slot(slot)}; }
  /// After the loop (every team thread): the L2 lines of the last min(op.l2_demote_tiles,
  /// num_tiles) tiles' boxes back to normal priority (see Operand), rows spread over the team's
  /// threads. A team barrier first, so that every copy has landed before a line is demoted.
  /// BulkTensor's finalize already ends with one; this one keeps the rule for any engine that
  /// gains l2_eviction_hints. All threads of a team reach it or none (Operand's precondition:
  /// l2_demote_tiles is team-uniform, and so is num_tiles).
  template <class Member>
  ETAGE_INLINE_FUNCTION void l2_demote_tail(Member const& m, int num_tiles) const {
    if constexpr (Op::l2_eviction == L2Eviction::Last && Engine::l2_eviction_hints) {
      int const n = op.l2_demote_tiles < num_tiles ? op.l2_demote_tiles : num_tiles;
      if (n <= 0) return;
      m.team_barrier();
      std::int64_t const rows = std::int64_t(n) * Source::box_outer;
      for (std::int64_t k = m.team_rank(); k < rows; k += m.team_size()) {
        TileOrigin const c = op.origin(num_tiles - n + int(k / Source::box_outer));
        loader.l2_demote_row(c[0], c[1], int(k % Source::box_outer));
      }
    } else {
      (void)m, (void)num_tiles;
    }
  }
};

template <class Engine, int Stages, int Threads, class Member, class Compute, class... B>
ETAGE_INLINE_FUNCTION void tile_loop_bound(Member const& m, int num_tiles, Compute const& compute, B... ops) {
  Pipeline<Engine, Stages> pipe(m, static_cast<std::uint32_t>((B::box_bytes + ... + 0)));
  if constexpr (Engine::producer_warps > 0) {
    // Warp-specialized: one elected thread of the producer warp(s) fills the ring; the
    // consumer warps compute. Slots are handed over through the full/empty barriers.
    int const producer_threads = 32 * Engine::producer_warps;
    if (m.team_rank() < producer_threads) {
      if (m.team_rank() == 0) {
        auto st = make_producer_start_state<Stages>();
        for (int t = 0; t < num_tiles; ++t, ++st) {
          pipe.producer_acquire(m, st);
          (ops.issue(m, pipe, st, t), ...);
          pipe.producer_commit(m, st);
          (ops.prefetch_after(t, num_tiles), ...);
        }
      }
    } else {
      ConsumerContext const ctx{m.team_rank() - producer_threads, m.team_size() - producer_threads};
      PipelineState<Stages> st;
      for (int t = 0; t < num_tiles; ++t, ++st) {
        pipe.consumer_wait(m, st);
        compute(ctx, t, ops.tile(st.index())...);
        pipe.consumer_release(m, st);
      }
    }
  } else {
    // Prologue: Stages-1 slots in flight. Steady state: issue tile t+Stages-1, then wait
    // for and compute tile t. Drain: the last Stages-1 iterations issue nothing, but still
    // acquire/commit so every engine's counting (e.g. cp.async groups) stays uniform.
    // The prologue always commits Stages-1 slots (empty ones past the last tile), so that
    // "tile t is complete" means the same commit count whatever num_tiles is.
    ConsumerContext const ctx{m.team_rank(), m.team_size()};
    PipelineState<Stages> pst, cst;
    for (int t = 0; t < Stages - 1; ++t, ++pst) {
      pipe.producer_acquire(m, pst);
      if (t < num_tiles) (ops.issue(m, pipe, pst, t), ...);
      (ops.flush(m), ...);
      pipe.producer_commit(m, pst);
    }
    for (int t = 0; t < num_tiles; ++t, ++pst, ++cst) {
      int const next = t + Stages - 1;
      if constexpr (Pipeline<Engine, Stages>::issue_after_wait) {
        // The barrier inside consumer_wait(t) also proves every thread finished computing
        // tile t-1, whose slot the next issue refills: one barrier per tile.
        pipe.consumer_wait(m, cst);
        pipe.producer_acquire(m, pst);
        if (next < num_tiles) (ops.issue(m, pipe, pst, next), ...);
        pipe.producer_commit(m, pst);
      } else {
        pipe.producer_acquire(m, pst);
        if (next < num_tiles) (ops.issue(m, pipe, pst, next), ...);
        pipe.producer_commit(m, pst);
        pipe.consumer_wait(m, cst);
      }
      compute(ctx, t, ops.tile(cst.index())...);
      (ops.flush(m), ...);  // register-staged engines store the next tile only now
      pipe.consumer_release(m, cst);
    }
  }
  pipe.finalize(m);
  (ops.l2_demote_tail(m, num_tiles), ...);
}

}  // namespace impl

/// Runs `num_tiles` tiles through a `Stages`-deep ring with `Engine`.
///
/// - `m`: the team member; every thread of the team calls tile_loop.
/// - `compute(ConsumerContext, int t, SourceTile... tiles)`: called once per tile by every
///   consumer thread, with one SourceTile per operand (same order as `operands`); the tiles
///   are valid only during the call. Elements outside a source's extents read as zero.
/// - `Threads`: compile-time consumer thread count the algorithm's work split assumes
///   (0: any team size; RegisterDoubleBuffer needs it). The team size must be
///   tile_loop_team_size<Engine>(Threads).
/// - Team scratch: tile_loop_scratch_bytes<Engine, Stages, Sources...>() bytes of level 0.
/// A loop of 0 tiles runs nothing and returns.
template <class Engine, int Stages, int Threads = 0, class Member, class Compute, class... Ops>
ETAGE_INLINE_FUNCTION void tile_loop(Member const& m, int num_tiles, Compute const& compute, Ops const&... operands) {
  impl::StageCountCheck<Engine, Stages> check [[maybe_unused]];
  static_assert(sizeof...(Ops) >= 1, "etage::tile_loop: give at least one operand");
  if (Threads > 0 && m.team_size() != tile_loop_team_size<Engine>(Threads)) {
    Kokkos::printf("etage::tile_loop: team size %d, expected %d (Threads %d + producer warps)\n", m.team_size(),
                   tile_loop_team_size<Engine>(Threads), Threads);
    Kokkos::abort("etage::tile_loop: team size does not match Threads");
  }
  impl::tile_loop_bound<Engine, Stages, Threads>(m, num_tiles, compute,
                                                 impl::BoundOperand<Engine, Stages, Threads, Ops>(m, operands)...);
}

}  // namespace etage
