#pragma once
/// Streaming reductions over 1-D views: sum, dot, max_value. Written once against TeamPolicy
/// and the tile-loop driver; the copy engine is a template argument.
///
/// How a vector becomes tiles: the n elements are reshaped (no copy) into a body of
/// floor(n / W) rows of W elements (a rank-2 LayoutStride view, W = 1 KiB of elements) and
/// a tail row of n mod W elements. Body tiles are boxes of Rows x W; the tail is one box of
/// the same shape over its single row, so its missing elements arrive zero-filled in the
/// stage (field case C09). Every consumer thread accumulates a strided share of each tile up
/// to the tile's valid element count (a per-tile bound: no per-element branch), then the
/// team reduces (Kokkos team_reduce) and publishes one partial per team; the team that
/// publishes last reduces all partials in the same kernel (the "last team" pattern: a memory
/// fence before each team's arrival on an atomic counter, one after the last arrival) and
/// writes the result: to host-accessible memory (pinned on a GPU) for the value forms (one
/// kernel and one fence per call), or to the caller's rank-0 view for the view forms (one
/// kernel, no fence: asynchronous like Kokkos::parallel_reduce into a View).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/launch.hpp>
#include <etage/buffer_pool.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/scratch.hpp>
#include <etage/tile.hpp>
#include <etage/tile_loop.hpp>

namespace etage {

/// Consumer threads per reduction team when the caller gives none: 1 on the host, 256 on a GPU.
template <class ExecSpace>
inline constexpr int default_reduce_threads = impl::is_host_space<ExecSpace> ? 1 : 256;

namespace impl {

enum class ReduceOp { Sum, Dot, Max };

/// Elements per reshaped row: 1 KiB (256 floats, 128 doubles; within the 256-element box
/// limit of bulk tensor copies). Rows per tile: on the host as many as keep the ring of
/// `Operands` x `Stages` tiles within 16 KiB, at most 4 (4 KiB per operand and stage up to 2
/// stages for dot, 4 for one operand). Measured on the 2-core development machine against 2
/// rows (perf/results/host/2026-12-04-loader/, rows-*.json, alternating processes): the best
/// row 1.62x -> 1.82-1.85x the Kokkos range version for the sum, 0.82-0.85x -> 0.88-0.95x for
/// dot, 0.81-0.82x -> 0.97-0.99x for max, every stage count faster;
/// 4 with a register-staged engine (RegisterDoubleBuffer); otherwise, on a GPU, as many as
/// keep the ring of `Operands` x `Stages` tiles within 32 KiB, at most 8 (8 KiB per stage for
/// one operand at up to 4 stages, 4 KiB per operand for dot at 4). Measured on the H200
/// (perf/NOTES.md, memory attempt 14): 8-row tiles read 2-4 % faster than 4-row ones with
/// CpAsync and BulkTensor (16-row ones no faster than 8); RegisterDoubleBuffer fell from 40 %
/// to 25 % of copy with 8 rows.
template <class T>
inline constexpr int reduce_row = int(1024 / sizeof(T));
template <class ExecSpace, class Engine, int Stages, int Operands>
inline constexpr int reduce_rows = is_host_space<ExecSpace> ? std::clamp(16 / (Stages * Operands), 1, 4)
                                   : Engine::register_staged ? 4
                                                             : std::clamp(32 / (Stages * Operands), 1, 8);

template <class T, class Mem>
using ReshapedView = Kokkos::View<T const**, Kokkos::LayoutStride, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <ReduceOp Op, class T>
ETAGE_FORCEINLINE_FUNCTION T reduce_identity() {
  return Op == ReduceOp::Max ? Kokkos::reduction_identity<T>::max() : T(0);
}

template <class Engine, int Stages, int Threads, ReduceOp Op, class Source, class PView, class RView>
struct ReduceKernel {
  using T = typename Source::value_type;
  static constexpr int tile_elements = int(Source::box_elements);
  static constexpr int row = Source::box_inner;

  Source x[2];  // [0] body, [1] tail
  Source y[2];  // dot only
  std::int64_t body_rows;    // rows of the body
  std::int64_t body_tiles;   // tiles over the body
  std::int64_t body_league;  // teams over the body; team body_league (if any) takes the tail
  int tail_elements;
  PView partials;  // one per team
  RView result;    // 1 element, host-accessible (pinned on a GPU): written by the last team
  Kokkos::View<unsigned*, typename PView::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> arrivals;  // 1: zero before, reset after

  /// Element e of the tiles: x[e] (sum, max) or x[e] * y[e] (dot).
  template <class... Tiles>
  ETAGE_FORCEINLINE_FUNCTION static T element(int e, Tiles const&... tiles) {
    if constexpr (Op == ReduceOp::Dot) return (tiles.data[e] * ...);
    else return (tiles.data[e], ...);
  }
  /// a + v, or max(a, v) where a NaN on either side sticks (max(NaN, v) is NaN).
  ETAGE_FORCEINLINE_FUNCTION static T combine(T a, T v) {
    if constexpr (Op == ReduceOp::Max) return v != v ? v : Kokkos::max(a, v);
    else return a + v;
  }
  /// Elements per vector of a consumer thread's share: 16 bytes (4 floats, 2 doubles). A
  /// reshaped row is 1 KiB and every stage slot starts 128-byte aligned, so a vector at an
  /// element index that is a multiple of `vector` is 16-byte aligned in every engine's stage.
  static constexpr int vector = sizeof(T) < 16 ? int(16 / sizeof(T)) : 1;
  static_assert(row % vector == 0, "etage reductions: a reshaped row must hold whole 16-byte vectors");
  /// Elements [e, e + vector) of the tiles: x (sum, max) or x * y (dot), one 16-byte stage
  /// read per operand.
  template <class Tile>
  ETAGE_FORCEINLINE_FUNCTION static Vec<T, vector> vector_at(int e, Tile const& x) {
    return Vec<T, vector>::load(x.data + e);
  }
  template <class TileX, class TileY>
  ETAGE_FORCEINLINE_FUNCTION static Vec<T, vector> vector_at(int e, TileX const& x, TileY const& y) {
    Vec<T, vector> a = Vec<T, vector>::load(x.data + e);
    Vec<T, vector> const b = Vec<T, vector>::load(y.data + e);
    for (int k = 0; k < vector; ++k) a.v[k] *= b.v[k];
    return a;
  }
  /// One consumer thread's partial results when a team has several (GPU teams): one lane per
  /// element of a vector, so that the thread's loop carries `vector` independent chains. For
  /// max, the lanes take Kokkos::fmax (one instruction on a GPU, which drops a NaN) and `nan`
  /// records whether any element was a NaN; fold() puts the NaN back. 22 against 64 PTX
  /// instructions per 4 floats for max with one element per iteration and the NaN-sticky
  /// combine; on an H100 max at 1 GiB rose from 93.5–96.4 % to 95.1–98.3 % of copy, the sum by
  /// up to 2 points (perf/NOTES.md, memory attempt 34; perf/results/h100/2026-12-06-55a2e06/).
  struct Lanes {
    T lane[vector];
    bool nan = false;
    ETAGE_FORCEINLINE_FUNCTION Lanes() {
      for (int k = 0; k < vector; ++k) lane[k] = reduce_identity<Op, T>();
    }
    ETAGE_FORCEINLINE_FUNCTION void add(int k, T v) {
      if constexpr (Op == ReduceOp::Max) {
        lane[k] = Kokkos::fmax(lane[k], v);
        nan = nan || v != v;
      } else {
        lane[k] += v;
      }
    }
    /// The lanes combined into `acc` (NaN for max when any element was one).
    ETAGE_FORCEINLINE_FUNCTION void fold(T& acc) const {
      for (int k = 0; k < vector; ++k) acc = combine(acc, lane[k]);
      if constexpr (Op == ReduceOp::Max)
        if (nan) acc = Kokkos::Experimental::quiet_NaN<T>::value;
    }
  };
  /// Elements [0, valid) of the tiles into `acc` through `Lanes` independent partial results,
  /// for one consumer thread per team (the host), where a single dependent chain ran at the
  /// adder's latency (perf/NOTES.md, "Host memory-bound algorithms"). The same result as
  /// one element at a time up to the order of the floating-point additions.
  template <int Lanes, class... Tiles>
  ETAGE_FORCEINLINE_FUNCTION static void accumulate_lanes(T& acc, int valid, Tiles const&... tiles) {
    T part[Lanes];
    for (int k = 0; k < Lanes; ++k) part[k] = reduce_identity<Op, T>();
    int e = 0;
    for (; e + Lanes <= valid; e += Lanes)
      for (int k = 0; k < Lanes; ++k) part[k] = combine(part[k], element(e + k, tiles...));
    for (; e < valid; ++e) part[0] = combine(part[0], element(e, tiles...));
    for (int k = 0; k < Lanes; ++k) acc = combine(acc, part[k]);
  }

  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const r = team.league_rank();
    bool const body = r < body_league;
    std::int64_t const begin = body ? body_tiles * r / body_league : 0;
    std::int64_t const end = body ? body_tiles * (r + 1) / body_league : 1;
    std::int64_t const rows = body_rows, tail = tail_elements;
    T acc = reduce_identity<Op, T>();
    Lanes lanes;
    auto const compute = [&](ConsumerContext const& ctx, int t, auto const&... tiles) {
      // Valid elements of this tile: whole tiles, the last body tile's rows, or the tail.
      std::int64_t const first_row = (begin + t) * Source::box_outer;
      int const valid = body ? int(Kokkos::min<std::int64_t>(Source::box_outer, rows - first_row)) * row : int(tail);
      KOKKOS_IF_ON_HOST((
        if (ctx.count == 1) {
          accumulate_lanes<8>(acc, valid, tiles...);
          return;
        }
      ))
      // Whole 16-byte vectors, thread by thread (consecutive threads read consecutive vectors:
      // no shared-memory bank conflict), then the tail tile's last partial vector element by
      // element.
      int const whole = valid - valid % vector;
      for (int e = ctx.rank * vector; e < whole; e += ctx.count * vector) {
        Vec<T, vector> const v = vector_at(e, tiles...);
        for (int k = 0; k < vector; ++k) lanes.add(k, v[k]);
      }
      for (int e = whole + ctx.rank; e < valid; e += ctx.count) lanes.add(0, element(e, tiles...));
    };
    auto const origin = [=](int t) { return TileOrigin{{(begin + t) * Source::box_outer, 0}}; };
    // No L2 prefetch (Operand::l2_prefetch_distance 0): on the H200 the sum BulkTensor/2 read
    // 103 / 105 % of copy without, 91 / 93 % with 1 tile ahead (another GPU) and 82 / 85 % with
    // 3 (perf/NOTES.md, memory attempt 16).
    Source const& sx = x[body ? 0 : 1];
    if constexpr (Op == ReduceOp::Dot) {
      Source const& sy = y[body ? 0 : 1];
      tile_loop<Engine, Stages, Threads>(team, int(end - begin), compute, operand(sx, origin), operand(sy, origin));
    } else {
      tile_loop<Engine, Stages, Threads>(team, int(end - begin), compute, operand(sx, origin));
    }
    lanes.fold(acc);
    // Producer-warp threads (BulkTensor) still hold the identity.
    if constexpr (Op == ReduceOp::Max) {
      // Kokkos::Max drops a NaN that arrives as the right-hand operand: carry it as a flag.
      int nan = acc != acc;
      team.team_reduce(Kokkos::Max<int>(nan));
      team.team_reduce(Kokkos::Max<T>(acc));
      if (nan) acc = Kokkos::Experimental::quiet_NaN<T>::value;
    } else {
      team.team_reduce(Kokkos::Sum<T>(acc));
    }
    // Publish the partial; the team that arrives last reduces them all.
    int last = 0;
    Kokkos::single(
        Kokkos::PerTeam(team),
        [&](int& is_last) {
          partials(r) = acc;
          Kokkos::memory_fence();  // the partial is visible before the arrival counts
          is_last = Kokkos::atomic_fetch_add(&arrivals(0), 1u) == unsigned(team.league_size() - 1);
          // Acquire in the thread that saw the count; the broadcast's team barrier then
          // orders the other threads' reads of the partials after it.
          if (is_last) Kokkos::memory_fence();
        },
        last);
    if (!last) return;
    std::int64_t const league = team.league_size();
    T total = reduce_identity<Op, T>();
    if constexpr (Op == ReduceOp::Max) {
      int nans = 0;
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, league),
          [&](std::int64_t i, int& c) { c += Kokkos::atomic_load(&partials(i)) != Kokkos::atomic_load(&partials(i)); },
          nans);
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, league),
          [&](std::int64_t i, T& v) { v = Kokkos::max(v, Kokkos::atomic_load(&partials(i))); }, Kokkos::Max<T>(total));
      if (nans > 0) total = Kokkos::Experimental::quiet_NaN<T>::value;
    } else {
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, league), [&](std::int64_t i, T& v) { v += Kokkos::atomic_load(&partials(i)); },
          Kokkos::Sum<T>(total));
    }
    Kokkos::single(Kokkos::PerTeam(team), [&] {
      result(0) = total;
      arrivals(0) = 0;  // every team has arrived: the counter goes back to the pool zeroed
    });
  }
};

/// The reshaped body (rows x W) and tail (1 x rest) of a 1-D view, as LayoutStride views.
template <class T, class Mem, class XV>
void reshape(XV const& v, ReshapedView<T, Mem>& body, ReshapedView<T, Mem>& tail, std::int64_t W) {
  std::int64_t const n = v.extent(0), s = n > 1 ? std::int64_t(v.stride(0)) : 1;
  std::int64_t const rows = n / W, rest = n - rows * W;
  body = ReshapedView<T, Mem>(v.data(), Kokkos::LayoutStride(rows, W * s, W, s));
  tail = ReshapedView<T, Mem>(v.data() + rows * W * s, Kokkos::LayoutStride(rest > 0 ? 1 : 0, rest * s, rest, s));
}

/// Enqueues the reduction of X (and Y) on `space`; the last team writes the result to
/// `result` (one element of ResultMem, accessible from ExecSpace). Does not wait.
template <class ExecSpace, class Engine, int Stages, int Threads, ReduceOp Op, class ResultMem, class XV, class YV>
std::string reduce_run(ExecSpace const& space, XV const& X, YV const& Y, int threads, bool forced,
                       typename XV::non_const_value_type* result) {
  using T = typename XV::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  constexpr int S = resolved_stages<Engine, Stages>;
  if constexpr (!engine_compiles<Engine, S, Threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Threads>(space, threads);
  } else {
    if (auto why = engine_unavailable<Engine, S, Threads>(space, threads); !why.empty()) return why;
    constexpr int W = reduce_row<T>, Rows = reduce_rows<ExecSpace, Engine, S, Op == ReduceOp::Dot ? 2 : 1>;
    ReshapedView<T, Mem> xb, xt, yb, yt;
    reshape<T, Mem>(X, xb, xt, W);
    if constexpr (Op == ReduceOp::Dot) reshape<T, Mem>(Y, yb, yt, W);
    using Source = decltype(make_tile_source<Rows, W>(xb));
    using PView = Kokkos::View<T*, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    using RView = Kokkos::View<T*, ResultMem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    using Kernel = ReduceKernel<Engine, S, Threads, Op, Source, PView, RView>;
    Kernel kernel{};
    kernel.x[0] = make_tile_source<Rows, W>(xb);
    kernel.x[1] = make_tile_source<Rows, W>(xt);
    LaunchResources res;
    for (auto* s : {&kernel.x[0], &kernel.x[1]})
      if (auto why = EngineSupport<Engine, ExecSpace>::prepare(*s, res); !why.empty()) return "x: " + why;
    if constexpr (Op == ReduceOp::Dot) {
      kernel.y[0] = make_tile_source<Rows, W>(yb);
      kernel.y[1] = make_tile_source<Rows, W>(yt);
      for (auto* s : {&kernel.y[0], &kernel.y[1]})
        if (auto why = EngineSupport<Engine, ExecSpace>::prepare(*s, res); !why.empty()) return "y: " + why;
    }
    int const team_size = tile_loop_team_size<Engine>(threads);
    kernel.body_rows = std::int64_t(xb.extent(0));
    kernel.body_tiles = (kernel.body_rows + Rows - 1) / Rows;
    kernel.tail_elements = int(xt.extent(1));
    constexpr std::size_t scratch = Op == ReduceOp::Dot ? tile_loop_scratch_bytes<Engine, S, Source, Source>()
                                                        : tile_loop_scratch_bytes<Engine, S, Source>();
    using Policy = Kokkos::TeamPolicy<ExecSpace>;
    // One team takes the tail (if any); the others share the body's tiles.
    std::int64_t const tail_teams = kernel.tail_elements > 0 ? 1 : 0;
    std::int64_t const teams = streaming_league<Policy, Kernel>(space, kernel.body_tiles + tail_teams, team_size, scratch);
    kernel.body_league = kernel.body_tiles > 0 ? std::max<std::int64_t>(1, teams - tail_teams) : 0;
    std::int64_t const league = kernel.body_league + tail_teams;
    // Pooled buffers, no allocation per call: the arrival counter (a zeroed pool: it is zero
    // when handed out and the last team resets it) and the per-team partials. Both are
    // stream-ordered: dropped once the kernel is enqueued, reused only by this instance.
    std::shared_ptr<void> const counter = BufferPool<Mem, true>::acquire(space, sizeof(unsigned));
    std::shared_ptr<void> const partials = BufferPool<Mem>::acquire(space, std::size_t(league) * sizeof(T));
    kernel.arrivals = decltype(kernel.arrivals)(static_cast<unsigned*>(counter.get()), 1);
    kernel.partials = PView(static_cast<T*>(partials.get()), league);
    kernel.result = RView(result, 1);
    char const* const name = Op == ReduceOp::Sum ? "sum" : Op == ReduceOp::Dot ? "dot" : "max_value";
    std::string const what = "etage::" + std::string(name) + "<" + std::string(Engine::name) + ", " +
                             std::to_string(S) + " stages, " + std::to_string(threads) + " consumer threads, " +
                             std::to_string(Rows) + "x" + std::to_string(W) + " tile>";
    return enqueue_teams<Policy>(space, kernel, league, team_size, scratch, what, forced);
  }
}

/// Checks of a reduction call; returns the consumer threads per team.
template <ReduceOp Op, class Engine, int Stages, int Threads, class ExecSpace, class XV, class YV>
int reduce_checks(XV const& X, YV const& Y, int team_size, std::string const& what) {
  using T = typename XV::non_const_value_type;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "etage reductions: value type must be float or double");
  static_assert(XV::rank() == 1 && YV::rank() == 1, "etage reductions: the vectors must be rank-1 views");
  static_assert(std::is_same_v<typename YV::non_const_value_type, T>, "etage::dot: x and y must have the same value type");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename XV::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename YV::memory_space>::accessible,
                "etage reductions: the vectors must be accessible from the execution space");
  static_assert(Threads >= 0, "etage reductions: Threads must be >= 0");
  if constexpr (!std::is_same_v<Engine, engine::Auto> && Stages != 0)
    static_assert(stages_in_range<Engine, Stages>,
                  "etage reductions: Stages is outside the engine's range (Synchronous 1..8, RegisterDoubleBuffer 2, "
                  "CpAsync and BulkTensor 2..8)");
  if (team_size < 0) throw InvalidArgument(what + ": team_size " + std::to_string(team_size) + " is negative");
  if (Threads > 0 && team_size != 0 && team_size != Threads)
    throw InvalidArgument(what + ": team_size " + std::to_string(team_size) + " differs from the compile-time Threads " +
                          std::to_string(Threads));
  if (team_size > 0) {
    // Over the space's own maximum no engine can launch it, whichever Auto would try: the
    // caller's error (LaunchConfigError), not the engines' (UnsupportedEngine). Below it, a
    // kernel's own maximum (registers, scratch) is checked at its launch.
    auto const noop = KOKKOS_LAMBDA(typename Kokkos::TeamPolicy<ExecSpace>::member_type const&){};
    int const max = Kokkos::TeamPolicy<ExecSpace>(ExecSpace{}, 1, 1).team_size_max(noop, Kokkos::ParallelForTag{});
    if (team_size > max)
      throw LaunchConfigError(what + ": team_size " + std::to_string(team_size) + " is over " + std::to_string(max) +
                              ", the largest team this execution space runs");
  }
  std::size_t const n = X.extent(0);
  if (Op == ReduceOp::Dot && Y.extent(0) != n)
    throw ExtentMismatch(what + ": x has " + std::to_string(n) + " elements but y has " + std::to_string(Y.extent(0)));
  if (Op == ReduceOp::Max && n == 0) throw EmptyView(what + ": x is empty (n = 0); the maximum needs n >= 1");
  return Threads > 0 ? Threads : team_size > 0 ? team_size : default_reduce_threads<ExecSpace>;
}

/// Enqueues the reduction (n >= 1) on `space`, result to `*result` in ResultMem.
template <ReduceOp Op, class Engine, int Stages, int Threads, class ResultMem, class ExecSpace, class XV, class YV>
void reduce_enqueue(ExecSpace const& space, XV const& X, YV const& Y, int threads, std::string const& what,
                    typename XV::non_const_value_type* result) {
  run_engine<Engine, ExecSpace>(what, [&](auto engine) {
    using E = decltype(engine);
    return reduce_run<ExecSpace, E, Stages, Threads, Op, ResultMem>(space, X, Y, threads,
                                                                    !std::is_same_v<Engine, engine::Auto>, result);
  });
}

/// The value form: the result goes to host-accessible memory (pinned host memory on a GPU:
/// no device-to-host copy after the kernel; the space's own memory on the host), then one
/// fence.
template <ReduceOp Op, class Engine, int Stages, int Threads, class ExecSpace, class XV, class YV>
typename XV::non_const_value_type reduce(ExecSpace const& space, XV const& X, YV const& Y, int team_size,
                                         char const* name) {
  using T = typename XV::non_const_value_type;
  std::string const what = std::string("etage::") + name;
  int const threads = reduce_checks<Op, Engine, Stages, Threads, ExecSpace>(X, Y, team_size, what);
  if (X.extent(0) == 0) return T(0);
  using ResultMem =
      std::conditional_t<is_host_space<ExecSpace>, typename ExecSpace::memory_space, Kokkos::SharedHostPinnedSpace>;
  std::shared_ptr<void> const buffer = BufferPool<ResultMem>::acquire(space, sizeof(T));
  T* const result = static_cast<T*>(buffer.get());
  reduce_enqueue<Op, Engine, Stages, Threads, ResultMem>(space, X, Y, threads, what, result);
  space.fence(what);
  return *result;
}

/// The view form: the result goes to the rank-0 view `R`, asynchronously.
template <ReduceOp Op, class Engine, int Stages, int Threads, class ExecSpace, class XV, class YV, class RV>
void reduce_into(ExecSpace const& space, XV const& X, YV const& Y, RV const& R, int team_size, char const* name) {
  using T = typename XV::non_const_value_type;
  static_assert(RV::rank() == 0, "etage reductions: the result must be a rank-0 view");
  static_assert(std::is_same_v<typename RV::value_type, T>,
                "etage reductions: the result view must hold the vectors' (non-const) value type");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename RV::memory_space>::accessible,
                "etage reductions: the result view must be accessible from the execution space");
  std::string const what = std::string("etage::") + name;
  int const threads = reduce_checks<Op, Engine, Stages, Threads, ExecSpace>(X, Y, team_size, what);
  if (R.data() == nullptr) throw EmptyView(what + ": the result view is not allocated");
  if (X.extent(0) == 0) {
    Kokkos::deep_copy(space, R, T(0));
    return;
  }
  reduce_enqueue<Op, Engine, Stages, Threads, typename RV::memory_space>(space, X, Y, threads, what, R.data());
}

}  // namespace impl

/// Sum of the n elements of x.
///
/// - x: rank-1 view of float or double, any layout or stride, accessible from ExecSpace;
///   any n >= 0 (n = 0 gives 0). Accumulates in the value type; the summation order
///   depends on the team count and team size (not bit-reproducible across them).
/// - Engine (default engine::Auto), Stages (0: the engine's default): as for gemm.
/// - Threads: compile-time consumer threads per team (RegisterDoubleBuffer needs one, and
///   uses it to size its registers); 0 (default) takes `team_size` at run time (0:
///   default_reduce_threads: 1 on the host, 256 on a GPU). Any count the space allows,
///   powers of two or not; BulkTensor needs a multiple of 32 (whole consumer warps).
/// - Bytes moved: n*sizeof(T) read once.
/// Errors: InvalidArgument (team_size negative or different from Threads),
/// UnsupportedEngine (a forced engine that cannot run, e.g. BulkTensor on a strided x; with
/// engine::Auto, no engine can run the problem), LaunchConfigError (team size over the
/// space's maximum, with any engine; a forced engine's kernel that cannot run that many).
/// Returns the value, so it fences `space` (the overload with a result view does not).
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV>
typename XV::non_const_value_type sum(ExecSpace const& space, XV const& x, int team_size = 0) {
  return impl::reduce<impl::ReduceOp::Sum, Engine, Stages, Threads>(space, x, x, team_size, "sum");
}

/// sum into a view, asynchronously (like Kokkos::parallel_reduce into a View): enqueued on
/// `space`, the sum lands in `result` once `space` has run it; no fence.
/// - result: rank-0 view of x's value type, allocated, accessible from ExecSpace (device
///   memory keeps the result on the device; pinned or shared host memory makes it readable on
///   the host after a fence of `space`). n = 0 writes 0.
/// Other parameters and errors as for the value form, plus EmptyView for an unallocated result.
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV, class RV,
          std::enable_if_t<Kokkos::is_view_v<RV>, int> = 0>
void sum(ExecSpace const& space, XV const& x, RV const& result, int team_size = 0) {
  impl::reduce_into<impl::ReduceOp::Sum, Engine, Stages, Threads>(space, x, x, result, team_size, "sum");
}

/// Dot product sum_i x(i) * y(i) of two vectors of n elements. Shapes, parameters and errors
/// as for sum, plus ExtentMismatch when x and y differ in length. Bytes moved: 2*n*sizeof(T).
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV, class YV>
typename XV::non_const_value_type dot(ExecSpace const& space, XV const& x, YV const& y, int team_size = 0) {
  return impl::reduce<impl::ReduceOp::Dot, Engine, Stages, Threads>(space, x, y, team_size, "dot");
}

/// dot into a rank-0 view, asynchronously (as the view form of sum).
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV, class YV, class RV,
          std::enable_if_t<Kokkos::is_view_v<RV>, int> = 0>
void dot(ExecSpace const& space, XV const& x, YV const& y, RV const& result, int team_size = 0) {
  impl::reduce_into<impl::ReduceOp::Dot, Engine, Stages, Threads>(space, x, y, result, team_size, "dot");
}

/// Largest element of x (n >= 1). Parameters as for sum; exact (no rounding). Errors as for
/// sum, plus EmptyView when n = 0. Bytes moved: n*sizeof(T).
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV>
typename XV::non_const_value_type max_value(ExecSpace const& space, XV const& x, int team_size = 0) {
  return impl::reduce<impl::ReduceOp::Max, Engine, Stages, Threads>(space, x, x, team_size, "max_value");
}

/// max_value into a rank-0 view, asynchronously (as the view form of sum); n = 0 throws
/// EmptyView.
template <class Engine = engine::Auto, int Stages = 0, int Threads = 0, class ExecSpace, class XV, class RV,
          std::enable_if_t<Kokkos::is_view_v<RV>, int> = 0>
void max_value(ExecSpace const& space, XV const& x, RV const& result, int team_size = 0) {
  impl::reduce_into<impl::ReduceOp::Max, Engine, Stages, Threads>(space, x, x, result, team_size, "max_value");
}

}  // namespace etage
