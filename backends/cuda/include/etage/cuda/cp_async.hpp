#pragma once
/// The CpAsync engine (sm_80+): every thread issues cp.async copies for its share of a
/// tile; one commit group per slot; consumers wait_group until their slot's group is done.
#include <cstdint>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/ptx.hpp>
#include <etage/tile.hpp>

namespace etage {

/// CpAsync pipeline, 2..8 stages, driven in issue-after-wait order: consumer_wait(t) =
/// cp.async.wait_group<Stages-2> (after the prologue's Stages-1 commits and one commit per
/// earlier tile, at most Stages-2 groups younger than tile t's may stay pending: PTX ISA 7.0,
/// "cp.async.wait_group") then a team barrier, which makes every thread's copies visible
/// and proves every thread finished the previous tile, whose slot is refilled next.
/// producer_commit = cp.async.commit_group (one per slot, empty ones included);
/// consumer_release needs no synchronization of its own.
template <int Stages>
class Pipeline<engine::CpAsync, Stages> : impl::StageCountCheck<engine::CpAsync, Stages> {
 public:
  using engine_type = engine::CpAsync;
  static constexpr int stages = Stages;
  /// Whether the tile loop issues the next copies after consumer_wait (see tile_loop.hpp).
  static constexpr bool issue_after_wait = true;
  static constexpr std::size_t scratch_bytes() { return 0; }

  template <class Member>
  ETAGE_INLINE_FUNCTION Pipeline(Member const&, std::uint32_t) {}

  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_acquire(Member const&, PipelineState<Stages> const&) {
    ring_.on_acquire();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_commit(Member const&, PipelineState<Stages> const&) {
    ring_.on_commit();
#if ETAGE_ARCH_CP_ASYNC
    ptx::cp_async_commit_group();
#else
    Kokkos::abort("etage: the CpAsync engine runs only on CUDA sm_80+");
#endif
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_wait(Member const& m, PipelineState<Stages> const&) {
    ring_.on_wait();
#if ETAGE_ARCH_CP_ASYNC
    ptx::cp_async_wait_group<Stages - 2>();
#endif
    m.team_barrier();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_release(Member const&, PipelineState<Stages> const&) {
    ring_.on_release();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void finalize(Member const& m) {
#if ETAGE_ARCH_CP_ASYNC
    ptx::cp_async_wait_all();  // nothing may land in scratch after the loop
#endif
    m.team_barrier();  // and nobody still reads it when the caller reuses it
  }

 private:
  impl::RingAccounting<Stages> ring_;
};

/// CpAsync loader. With `vector_ok` (16 B aligned rows, see TileSource) each thread copies
/// whole 16-byte chunks with cp.async.cg; otherwise, and for chunks at the edge, element by
/// element with cp.async.ca of 4 or 8 bytes (.cg exists only for 16 bytes: PTX ISA 7.0,
/// "cp.async"). Elements outside the extents are zero-filled through src-size 0.
template <class Source, int Threads>
struct TileLoader<engine::CpAsync, Source, Threads> {
  using T = typename Source::value_type;
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "etage CpAsync: element size must be 4 or 8 bytes");
  Source src;

  ETAGE_INLINE_FUNCTION explicit TileLoader(Source const& s) : src(s) {}

  template <class Member, class Pipe, class State>
  ETAGE_INLINE_FUNCTION void issue(Member const& m, Pipe&, State const&, T* dst, std::int64_t c0,
                                   std::int64_t c1) const {
#if ETAGE_ARCH_CP_ASYNC
    std::int64_t const c_inner = Source::inner == 1 ? c1 : c0;
    std::int64_t const c_outer = Source::inner == 1 ? c0 : c1;
    int const rank = m.team_rank();
    int const size = Threads > 0 ? Threads : m.team_size();
    std::int64_t const e_inner = src.extent_inner();
    std::int64_t const s_outer = src.stride_outer(), s_inner = src.stride_inner();
    // Element e of the box: a 4/8-byte copy, or the src-size 0 zero-fill form (nothing is
    // read; the address given is the source's first element) outside the extents.
    auto element = [&](int idx, std::int64_t go, std::int64_t gi) {
      bool const in = src.contains(go, gi);
      T const* from = in ? src.data + go * s_outer + gi * s_inner : src.data;
      ptx::cp_async_ca_shared_global<int(sizeof(T))>(ptx::smem_address(dst + idx), from,
                                                     in ? std::uint32_t(sizeof(T)) : 0u);
    };
    if (src.vector_ok && c_inner % Source::vector_elements == 0) {
      constexpr int V = Source::vector_elements;
      constexpr int chunks_per_row = Source::box_inner / V;
      constexpr int chunks = int(Source::box_elements) / V;
      for (int idx = rank; idx < chunks; idx += size) {
        int const o = idx / chunks_per_row;
        int const i = (idx % chunks_per_row) * V;
        std::int64_t const go = c_outer + o, gi = c_inner + i;
        if (src.contains(go, gi) && gi + V <= e_inner) {
          ptx::cp_async_cg_shared_global<16>(ptx::smem_address(dst + o * Source::box_inner + i),
                                             src.data + go * s_outer + gi);
        } else {
          // A chunk that crosses or lies past the edge: element by element, so no byte
          // outside the source is addressed.
          for (int e = 0; e < V; ++e) element(o * Source::box_inner + i + e, go, gi + e);
        }
      }
    } else {
      for (int idx = rank; idx < int(Source::box_elements); idx += size)
        element(idx, c_outer + idx / Source::box_inner, c_inner + idx % Source::box_inner);
    }
#else
    (void)m, (void)dst, (void)c0, (void)c1;
    Kokkos::abort("etage: the CpAsync engine runs only on CUDA sm_80+");
#endif
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void flush(Member const&) const {}
};

}  // namespace etage
