#pragma once
/// Which engines an execution space offers, per-launch preparation of TileSources, and the
/// `Auto` choice. Generic engines (Synchronous) need nothing; backends specialize
/// impl::EngineSupport for their engines.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <Kokkos_Core.hpp>
#include <etage/engine.hpp>
#include <etage/error.hpp>

namespace etage {

/// Host-side objects a launch must keep alive until its kernel completes (e.g. tensor maps
/// in device memory). Algorithms fence before returning, then drop it. Dropping it earlier
/// is a bug: its device buffers return to a pool shared by every etage call
/// (etage/buffer_pool.hpp) and may be rewritten while the kernel still reads them.
struct LaunchResources {
  std::vector<std::shared_ptr<void>> keep_alive;
};

namespace impl {

/// Whether `Engine` runs on `ExecSpace`, and the per-launch preparation of a TileSource.
/// The primary template serves Synchronous everywhere and refuses every other engine.
template <class Engine, class ExecSpace, class = void>
struct EngineSupport {
  static constexpr bool compiled = std::is_same_v<Engine, engine::Synchronous>;
  /// Empty when the device can run the engine, else the reason it cannot.
  static std::string device_unsupported_reason(ExecSpace const&) {
    return compiled ? std::string()
                    : std::string("engine ") + std::string(Engine::name) + " is not available on execution space " +
                          ExecSpace::name() + " (the CUDA engines need ETAGE_ENABLE_CUDA and a CUDA Kokkos)";
  }
  /// Prepares `source` for this engine; empty when it qualifies, else the reason it does not.
  template <class Source>
  static std::string prepare(Source&, LaunchResources&) {
    return {};
  }
};

template <class... Engines>
struct EngineList {};

/// The EngineList `Done` followed by the engines of `Rest...` other than `Dropped`, in order.
template <class Dropped, class Done, class... Rest>
struct EngineListWithout {
  using type = Done;
};
template <class Dropped, class... Done, class E, class... Rest>
struct EngineListWithout<Dropped, EngineList<Done...>, E, Rest...> {
  using next = std::conditional_t<std::is_same_v<E, Dropped>, EngineList<Done...>, EngineList<Done..., E>>;
  using type = typename EngineListWithout<Dropped, next, Rest...>::type;
};

/// PreferEngine<Preferred, List>::type: the EngineList `List` with `Preferred` moved to the
/// front when the list has it, else `List` unchanged (an algorithm's own Auto order).
template <class Preferred, class List>
struct PreferEngine;
template <class Preferred, class... Es>
struct PreferEngine<Preferred, EngineList<Es...>> {
  using type = std::conditional_t<(std::is_same_v<Es, Preferred> || ...),
                                  typename EngineListWithout<Preferred, EngineList<Preferred>, Es...>::type,
                                  EngineList<Es...>>;
};
template <class Preferred, class List>
using prefer_engine_t = typename PreferEngine<Preferred, List>::type;

/// Teams of one TeamPolicy kernel (policy type `Policy`, functor type `Kernel`, `team_size`
/// threads, `scratch_bytes` of level-0 scratch per team) that `space` runs at the same time,
/// device-wide. 0 when the backend cannot tell (the primary template: host spaces);
/// backends with an occupancy calculator specialize it (CUDA: etage/cuda/occupancy.hpp).
template <class ExecSpace, class = void>
struct ConcurrentTeams {
  template <class Policy, class Kernel>
  static std::int64_t count(ExecSpace const&, int /*team_size*/, std::size_t /*scratch_bytes*/) {
    return 0;
  }
};

/// Engines `Auto` tries on `ExecSpace`, best first; the primary template is for host spaces.
template <class ExecSpace, class = void>
struct AutoCandidates {
  using type = EngineList<engine::Synchronous>;
};

}  // namespace impl

/// Prepares `source` for `Engine` on `ExecSpace` before a launch (BulkTensor: builds its
/// tensor map, kept alive by `resources`). Throws UnsupportedEngine naming the reason when
/// the device or the data cannot serve the engine.
template <class Engine, class ExecSpace, class Source>
void prepare_tile_source(ExecSpace const& space, Source& source, LaunchResources& resources) {
  using Support = impl::EngineSupport<Engine, ExecSpace>;
  std::string why = Support::device_unsupported_reason(space);
  if (why.empty()) why = Support::prepare(source, resources);
  if (!why.empty()) throw UnsupportedEngine("etage: engine " + std::string(Engine::name) + ": " + why);
}

/// Stage count an algorithm uses for `Engine` when the caller gives 0 ("default").
template <class Engine>
inline constexpr int default_stages = std::is_same_v<Engine, engine::CpAsync> || std::is_same_v<Engine, engine::BulkTensor> ? 4 : 2;

}  // namespace etage
