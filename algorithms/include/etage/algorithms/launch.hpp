#pragma once
/// Engine selection and launch sizing shared by the tiled algorithms: which engine may run,
/// the `Auto` loop over impl::AutoCandidates (or an algorithm's own order of them), and a
/// league size that fills the device.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/scratch.hpp>

namespace etage::impl {

/// Stage count an algorithm runs `Engine` at: `Stages`, or the engine's default for 0.
template <class Engine, int Stages>
inline constexpr int resolved_stages = Stages == 0 ? default_stages<Engine> : Stages;

/// True when a tile loop of `Engine` x `Stages` with `Threads` consumer threads can be
/// compiled for `ExecSpace` (stage range, backend support, compile-time Threads for
/// RegisterDoubleBuffer) and launched (an engine with a producer warp runs whole consumer
/// warps: a compile-time Threads that is not a multiple of 32 is never instantiated;
/// engine_unavailable says why).
template <class Engine, int Stages, int Threads, class ExecSpace>
inline constexpr bool engine_compiles = stages_in_range<Engine, Stages> && EngineSupport<Engine, ExecSpace>::compiled &&
                                        !(std::is_same_v<Engine, engine::RegisterDoubleBuffer> && Threads == 0) &&
                                        !(Engine::producer_warps > 0 && Threads % 32 != 0);

/// Why `Engine` with `Stages` and `consumer_threads` cannot run on `space`; empty when it can.
template <class Engine, int Stages, int Threads, class ExecSpace>
std::string engine_unavailable(ExecSpace const& space, int consumer_threads) {
  if constexpr (!stages_in_range<Engine, Stages>) {
    return "Stages " + std::to_string(Stages) + " is outside [" + std::to_string(Engine::min_stages) + ", " +
           std::to_string(Engine::max_stages) + "] for engine " + std::string(Engine::name);
  } else if constexpr (std::is_same_v<Engine, engine::RegisterDoubleBuffer> && Threads == 0) {
    return "engine RegisterDoubleBuffer needs a compile-time consumer thread count (Threads > 0), got Threads = 0";
  } else {
    std::string why = EngineSupport<Engine, ExecSpace>::device_unsupported_reason(space);
    if (!why.empty()) return why;
    if (Engine::producer_warps > 0 && consumer_threads % 32 != 0)
      return "engine " + std::string(Engine::name) + " runs whole consumer warps: consumer threads " +
             std::to_string(consumer_threads) + " is not a multiple of 32";
    return {};
  }
}

/// Tries each engine of the list in order with `attempt(engine_tag) -> reason` until one
/// runs (empty reason); throws UnsupportedEngine listing every reason otherwise.
template <class Attempt, class... Engines>
void run_auto(std::string const& what, EngineList<Engines...>, Attempt&& attempt) {
  std::string reasons;
  bool done = false;
  auto one = [&](auto engine) {
    if (done) return;
    using E = decltype(engine);
    std::string why = attempt(engine);
    if (why.empty()) done = true;
    else reasons += "\n  " + std::string(E::name) + ": " + why;
  };
  (one(Engines{}), ...);
  if (!done) throw UnsupportedEngine(what + "<Auto>: no engine can run this problem:" + reasons);
}

/// Runs `attempt(Engine{})` for an explicit engine, or the Auto loop over `Candidates` (an
/// EngineList; the space's AutoCandidates unless the algorithm orders them itself) for
/// engine::Auto; a forced engine that cannot run throws UnsupportedEngine with the reason.
template <class Engine, class ExecSpace, class Candidates = typename AutoCandidates<ExecSpace>::type, class Attempt>
void run_engine(std::string const& what, Attempt&& attempt) {
  if constexpr (std::is_same_v<Engine, engine::Auto>) {
    run_auto(what, Candidates{}, attempt);
  } else {
    std::string const why = attempt(Engine{});
    if (!why.empty()) throw UnsupportedEngine(what + "<" + std::string(Engine::name) + ">: " + why);
  }
}

/// Host spaces (memory accessible from the host) get the host tile shapes.
template <class ExecSpace>
inline constexpr bool is_host_space =
    Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ExecSpace::memory_space>::accessible;

/// Teams per multiprocessor a streaming (memory-bound) kernel asks the compiler to fit: the
/// min-blocks argument of Kokkos::LaunchBounds, so the compiler caps registers per thread at
/// 65536 / (team_size * teams) (CUDA C++ Programming Guide, "Launch Bounds"; 64 K 32-bit
/// registers per SM on sm_80 and sm_90). Streaming teams need several per SM to keep enough
/// stages in flight: unbounded, the transpose used 80 registers, so only 2 teams of 288
/// threads fitted an SM. `threads_per_sm`: the threads the algorithm wants resident per SM
/// (it trades registers, hence spills, for bytes in flight). 1 on the host.
template <class ExecSpace>
constexpr int streaming_min_teams(int team_size, int threads_per_sm) {
  return is_host_space<ExecSpace> ? 1 : std::max(1, threads_per_sm / std::max(1, team_size));
}

/// Teams of `team_size` threads the execution space runs at once, as far as its thread count
/// tells (registers and scratch may allow fewer): at least 1.
template <class ExecSpace>
std::int64_t concurrent_teams(ExecSpace const& space, int team_size) {
  return std::max<std::int64_t>(1, std::int64_t(space.concurrency()) / std::max(1, team_size));
}

/// Teams to launch for `work_items` independent units of `team_size` threads: enough to
/// fill the execution space four times over (as far as concurrency() tells), never more than
/// the units, at least 1 when there is work. The 2D stencil's host league: measured on the
/// H200, the stencils' teams of ~70 tiles beat one wave of persistent teams (perf/NOTES.md,
/// memory attempts 5, 7; the 2D stencil's GPU league now takes 8 blocks per team, attempt 15;
/// the 3D stencil sizes its z ranges with stencil_3d_teams_per_slot, attempts 17 and 18).
template <class ExecSpace>
std::int64_t league_for(ExecSpace const& space, std::int64_t work_items, int team_size) {
  if (work_items <= 0) return 0;
  return std::clamp<std::int64_t>(4 * concurrent_teams(space, team_size), 1, work_items);
}

/// League of a streaming kernel over `work_items` independent tiles, each team taking a
/// contiguous share: where the backend knows how many teams of this very kernel run at once
/// (ConcurrentTeams: the CUDA occupancy calculator), exactly that many (one wave of
/// persistent teams: no partial last wave, and each team fills its pipeline once); else
/// four times what concurrency() allows. Never more than `work_items`; at least 1 when there
/// is work. Teams never wait for one another, so when other work shares the device and fewer
/// of them are resident, it costs time, never correctness.
template <class Policy, class Kernel, class ExecSpace>
std::int64_t streaming_league(ExecSpace const& space, std::int64_t work_items, int team_size,
                              std::size_t scratch_bytes) {
  if (work_items <= 0) return 0;
  std::int64_t const resident =
      ConcurrentTeams<ExecSpace>::template count<Policy, Kernel>(space, team_size, scratch_bytes);
  if (resident > 0) return std::min(work_items, resident);
  return league_for(space, work_items, team_size);
}

/// A league in which each team takes `per_team` consecutive work items (the last team fewer).
struct ChunkedLeague {
  std::int64_t per_team, league;
};

/// Chunks of at most `max_per_team` items, but never fewer teams than min(items, `wave`)
/// (`wave`: the teams the device runs at once): per_team = clamp(items / wave (rounded down),
/// 1, max_per_team), league = ceil(items / per_team) (so fewer items than a wave give one
/// item per team). The hardware starts a league's teams in rank order as earlier ones
/// finish, so consecutive items run at about the same time. items = 0 gives league 0.
/// Preconditions: wave >= 1, max_per_team >= 1.
inline ChunkedLeague chunked_league(std::int64_t items, std::int64_t wave, std::int64_t max_per_team) {
  if (items <= 0) return {1, 0};
  std::int64_t const per_team = std::clamp<std::int64_t>(items / wave, 1, max_per_team);
  return {per_team, (items + per_team - 1) / per_team};
}

/// Checks the launch shape (make_team_policy) and enqueues `kernel` over `league` teams on
/// `space` without waiting for it (asynchronous, like Kokkos::parallel_for). The caller may
/// drop the launch's resources once this returns: pooled buffers and cached tensor maps are
/// stream-ordered (BufferPool, TensorMapCache). A shape that does not fit throws for a forced
/// engine, else returns why (Auto moves on).
template <class Policy, class ExecSpace, class Kernel>
std::string enqueue_teams(ExecSpace const& space, Kernel const& kernel, std::int64_t league, int team_size,
                          std::size_t scratch, std::string const& what, bool forced) {
  if (league > std::int64_t(std::numeric_limits<int>::max()))
    throw LaunchConfigError(what + ": league of " + std::to_string(league) + " teams exceeds INT_MAX");
  Policy policy;
  try {
    policy = make_team_policy<Policy>(space, int(league), team_size, scratch, kernel, what);
  } catch (Error const& e) {
    if (forced) throw;
    return "launch shape does not fit: " + std::string(e.what());
  }
  Kokkos::parallel_for(what, policy, kernel);
  return {};
}

/// Whether `view` takes 16-byte stores (Vec::store_global) of runs along its dimension
/// `contiguous` at any index that is a multiple of 16 / sizeof(T) along it: data 16-byte
/// aligned, unit stride along `contiguous`, every other stride a multiple of 16 bytes.
template <class View>
bool vector_stores(View const& view, int contiguous) {
  constexpr std::size_t V = 16 / sizeof(typename View::non_const_value_type);
  if (reinterpret_cast<std::uintptr_t>(view.data()) % 16 != 0) return false;
  for (int d = 0; d < int(View::rank()); ++d) {
    if (view.extent(d) <= 1) continue;
    if (d == contiguous ? view.stride(d) != 1 : view.stride(d) % V != 0) return false;
  }
  return true;
}

}  // namespace etage::impl
