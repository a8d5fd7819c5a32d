#pragma once
/// Pipeline<Engine, Stages>: the team-scoped producer/consumer protocol over a stage ring.
///
/// Protocol, per tile, in this order (the cuda::pipeline / CUTLASS names):
///   producer_acquire(team, state)  wait until slot state.index() may be overwritten
///   ... copies into the slot (the engine's TileLoader) ...
///   producer_commit(team, state)   the copies of this slot are issued
///   consumer_wait(team, state)     the slot's data is visible to the consumers
///   ... compute on the slot ...
///   consumer_release(team, state)  the consumers are done with the slot
/// Each backend specializes Pipeline for its engines; this primary template only diagnoses
/// a missing specialization. The tile-loop driver (tile_loop.hpp) drives the protocol.
#include <cstddef>
#include <cstdio>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/error.hpp>
#include <etage/pipeline_state.hpp>

namespace etage {

namespace impl {
template <class>
inline constexpr bool dependent_false = false;
}  // namespace impl

template <class Engine, int Stages>
class Pipeline {
  static_assert(impl::dependent_false<Engine>,
                "etage::Pipeline: no backend specializes this engine. Include <etage/etage.hpp>; the CUDA "
                "engines need ETAGE_ENABLE_CUDA=ON and a CUDA Kokkos.");
};

/// Loader of one operand's tiles into stage slots for `Engine`; backends specialize it.
/// `Threads` is the compile-time consumer thread count (0: any team size).
template <class Engine, class Source, int Threads>
struct TileLoader {
  static_assert(impl::dependent_false<Engine>, "etage::TileLoader: no backend specializes this engine");
};

namespace impl {

/// Stage count check shared by every Pipeline specialization.
template <class Engine, int Stages>
struct StageCountCheck {
  static_assert(Stages >= Engine::min_stages,
                "etage: Stages is below the engine's minimum (Synchronous >= 1, RegisterDoubleBuffer == 2, "
                "CpAsync and BulkTensor >= 2)");
  static_assert(Stages <= Engine::max_stages,
                "etage: Stages is above the engine's maximum (RegisterDoubleBuffer == 2, others <= 8)");
};

/// Reports a protocol violation: a typed PipelineMisuse on the host, abort on a device.
ETAGE_INLINE_FUNCTION void pipeline_misuse(char const* call, char const* why, int stages, int acquired,
                                           int committed, int waited, int released) {
  // Printed as well as thrown: inside a host parallel region (OpenMP) an exception cannot
  // reach the caller and ends the process, so the diagnosis must already be on stderr.
  KOKKOS_IF_ON_HOST((std::string const msg = std::string("etage::Pipeline::") + call + ": " + why + " (stages " +
                                             std::to_string(stages) + ", acquired " + std::to_string(acquired) +
                                             ", committed " + std::to_string(committed) + ", waited " +
                                             std::to_string(waited) + ", released " + std::to_string(released) + ")";
                     std::fprintf(stderr, "%s\n", msg.c_str()); throw PipelineMisuse(msg);))
  KOKKOS_IF_ON_DEVICE((Kokkos::printf("etage::Pipeline::%s: %s (stages %d, acquired %d, committed %d, waited %d, "
                                      "released %d)\n",
                                      call, why, stages, acquired, committed, waited, released);
                       Kokkos::abort("etage::Pipeline protocol violation");))
}

/// Per-thread ring accounting, active when ETAGE_ENABLE_DEBUG_CHECKS: catches more than
/// `Stages` tiles in flight, double acquire, commit without acquire, wait on an uncommitted
/// slot and release without wait. `Split` roles (producer warp + consumer warps) check each
/// side's own order only.
template <int Stages, bool Split = false>
struct RingAccounting {
#if ETAGE_ENABLE_DEBUG_CHECKS
  int acquired = 0, committed = 0, waited = 0, released = 0;
  ETAGE_INLINE_FUNCTION void fail(char const* call, char const* why) const {
    pipeline_misuse(call, why, Stages, acquired, committed, waited, released);
  }
  ETAGE_INLINE_FUNCTION void on_acquire() {
    if (acquired != committed) fail("producer_acquire", "the previous acquired slot was never committed");
    if (!Split && acquired - released >= Stages)
      fail("producer_acquire", "every stage is in flight; a consumer_release is missing");
    ++acquired;
  }
  ETAGE_INLINE_FUNCTION void on_commit() {
    if (committed >= acquired) fail("producer_commit", "commit without producer_acquire");
    ++committed;
  }
  ETAGE_INLINE_FUNCTION void on_wait() {
    if (!Split && waited >= committed) fail("consumer_wait", "wait on a slot that was never committed");
    if (waited != released) fail("consumer_wait", "the previous waited slot was never released");
    ++waited;
  }
  ETAGE_INLINE_FUNCTION void on_release() {
    if (released >= waited) fail("consumer_release", "release without consumer_wait");
    ++released;
  }
#else
  ETAGE_INLINE_FUNCTION void on_acquire() {}
  ETAGE_INLINE_FUNCTION void on_commit() {}
  ETAGE_INLINE_FUNCTION void on_wait() {}
  ETAGE_INLINE_FUNCTION void on_release() {}
#endif
};

}  // namespace impl
}  // namespace etage
