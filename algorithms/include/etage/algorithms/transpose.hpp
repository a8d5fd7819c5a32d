#pragma once
/// Out-of-place 2D transpose B = A^T over Kokkos::View, written once against TeamPolicy and
/// the tile-loop driver; the copy engine is a template argument.
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/launch.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/scratch.hpp>
#include <etage/tile.hpp>
#include <etage/tile_loop.hpp>

namespace etage {

/// Tile extent (TD x TD elements) of a transpose when the caller gives none (TileDim = 0):
/// 64 for float on a GPU (256-byte rows: measured on the H200 at 80 % of copy against 76 %
/// for 32, perf/NOTES.md, memory attempt 12), else 32 (host; and double on a GPU, whose
/// 32 x 32 tile already has 256-byte rows).
template <class ExecSpace, class T>
inline constexpr int default_transpose_tile_dim = !impl::is_host_space<ExecSpace> && sizeof(T) == 4 ? 64 : 32;

/// Consumer threads per transpose team when the caller gives none: one per tile on the host
/// (teams spread over cores); on a GPU TD * TD / 8 (8 elements each, two 16-byte stores of
/// float), at least 256 and at most 1024.
template <class ExecSpace, int TD>
inline constexpr int default_transpose_threads =
    impl::is_host_space<ExecSpace> ? 1 : std::clamp(TD * TD / 8, 256, 1024);

/// Stages of a transpose ring when the caller gives none (Stages = 0): the engine's default,
/// fewer when that ring would pass 32 KiB (so that it fits the level-0 team scratch of every
/// GPU etage runs on), never fewer than the engine's minimum. 64 x 64 float tiles: 2.
template <class Engine, int TD, class T>
inline constexpr int default_transpose_stages =
    std::clamp(int(32768 / (std::size_t(TD) * TD * sizeof(T))), Engine::min_stages, default_stages<Engine>);

/// Most tiles per transpose team (0: one wave of persistent teams, see impl::TransposeKernel).
/// GPU with BulkTensor: 8, a league of ceil(tiles / 8) teams, each taking 8 consecutive
/// tiles; fewer per team when ceil(tiles / 8) teams would not fill the device once (small
/// matrices; impl::chunked_league). Measured on the H200 with 64 x 64 float tiles at 1 and
/// 2 GiB (perf/NOTES.md, memory attempt 15): BulkTensor/2 88-89 % of copy with 6 or 8 tiles
/// per team, 86-87 % with 4, 12 or 16, 84 % with persistent teams, 55 % with one tile per
/// team (each team sets up its barriers and fills its ring for a single tile); CpAsync/2
/// 76 % with 8 against 84 % persistent, Synchronous unchanged, so the other engines keep
/// persistent teams.
template <class ExecSpace, class Engine>
inline constexpr int transpose_tiles_per_team =
    !impl::is_host_space<ExecSpace> && std::is_same_v<Engine, engine::BulkTensor> ? 8 : 0;

/// Tiles of A ahead of the newest issued one that a transpose team keeps prefetched into L2
/// (Operand::l2_prefetch_distance; only engines whose producer can, i.e. BulkTensor). Measured
/// on the H200 at 1 and 2 GiB (perf/NOTES.md, memory attempt 16): 1 tile, 88-90 % of copy
/// with 64 x 64 tiles in two runs, against 87-88 % without in four runs on other H200s (a
/// weak gain: never compared on one GPU); 3 tiles 83 % and 5 tiles 78 % against 88 % without
/// on one GPU.
inline constexpr int transpose_l2_prefetch_distance = 1;

namespace impl {

/// League and tile order. With `per_team` = 0, team r of a league of L transposes tiles r,
/// r + L, r + 2L ... of A (persistent teams, one wave); with per_team = k > 0, team r takes
/// tiles kr ... kr + k - 1 and the league is ceil(tiles / k), so the hardware starts teams in
/// tile order as earlier ones finish. Tiles are numbered with the tile index along B's
/// contiguous dimension running fastest, so at any time the teams work on tiles that fill
/// neighbouring parts of the same rows of B: the writes land densely, the reads of A spread
/// over its rows. Measured on the H200 with 64 x 64 float tiles (perf/NOTES.md, memory
/// attempts 12 and 14, persistent teams): 82.6 % of copy, against 77.3 % with the index along
/// A's contiguous dimension fastest (dense reads, spread writes), 78-81 % with bands of 2 to
/// 32 tiles, and less with one contiguous range of tiles per persistent team.
/// A tile arrives in a stage; consumer threads write it to B.
///
/// Work split. A stage is dense [outer][inner] with a pitch of TD elements, so lanes that
/// read down one stage column all hit one shared-memory bank, and the elements of one B
/// sector (32 bytes) are consecutive rows of one stage column.
/// - B's contiguous dimension is the stage's inner one: lanes run along it (conflict-free
///   reads, coalesced writes).
/// - Otherwise, for whole tiles when B takes 16-byte stores (`vector_store`: B's data 16-byte
///   aligned, unit stride along its contiguous dimension, the other stride a multiple of
///   V = 16 / sizeof(T)): a group of `lanes` consecutive lanes (4 when TD is a multiple of
///   4V, else 2) takes lanes * V consecutive rows of one stage column (32 / lanes columns per
///   warp); each lane reads V rows and writes them with one 16-byte store, so each store
///   instruction writes 32 / lanes runs of lanes * 16 bytes (whole sectors: with 4 lanes,
///   64-byte requests to L2) and each read instruction is `lanes`-way conflicted (V reads and
///   one store per V elements). Measured on the H200 (memory attempt 14): 4 lanes +1.7 points
///   of copy over 2 lanes (1-sector L2 write requests); 8 lanes (whole 128-byte lines,
///   8-way conflicts) no further gain.
/// - Else (edge tiles, other B) lanes cover runs of R = 32 bytes (one DRAM sector) of B's
///   contiguous dimension for G = 32 / R different rows of B: every written sector is whole,
///   and stage reads are R-way conflicted (one read and one store per element).
/// Measured on the H200 (perf/NOTES.md, memory attempt 10): one lane per stage column, whose
/// 16-byte stores leave every sector half-written by one instruction and completed by
/// another, ran at a fifth of this speed.
template <class Engine, int Stages, int TD, int Threads, class Source, class BView>
struct TransposeKernel {
  using T = typename Source::value_type;
  /// The dimension of A (0 or 1) that is contiguous in B: B(j, i) = A(i, j).
  static constexpr int write_dim = std::is_same_v<typename BView::array_layout, Kokkos::LayoutLeft> ? 1 : 0;
  static constexpr int run = write_dim == Source::inner ? TD : std::min<int>(TD, 32 / int(sizeof(T)));
  static constexpr int group = std::max(1, std::min(TD, 32 / run));
  static_assert(TD % run == 0 && TD % group == 0, "etage::transpose: tile extent must be a multiple of 32 bytes / sizeof(T)");
  /// Elements per 16-byte store; lanes per stage column in the column-group split, and
  /// whether whole tiles may take it.
  static constexpr int V = int(16 / sizeof(T));
  static constexpr int lanes = TD % (4 * V) == 0 ? 4 : 2;
  static constexpr bool grouped = write_dim != Source::inner && TD % (2 * V) == 0;

  Source a;
  BView b;
  std::int64_t m, n;       // A is m x n
  std::int64_t tiles_fast;  // tiles along A's dimension write_dim (the fastest-running tile index)
  std::int64_t num_tiles;   // all tiles
  std::int64_t league;
  bool vector_store;       // B takes 16-byte stores (see above)
  std::int64_t per_team;   // 0: persistent teams (tiles r, r + league, ...); k: tiles kr ... kr + k - 1

  /// Tile number of team r's t-th tile (see the league and tile order above).
  ETAGE_FORCEINLINE_FUNCTION std::int64_t tile_of(std::int64_t r, int t) const {
    return per_team > 0 ? r * per_team + t : r + std::int64_t(t) * league;
  }
  /// Tiles of team r.
  ETAGE_FORCEINLINE_FUNCTION std::int64_t tiles_of(std::int64_t r) const {
    return per_team > 0 ? std::min(per_team, num_tiles - r * per_team) : (num_tiles - r + league - 1) / league;
  }

  /// Origin in A of tile g (see the numbering above).
  ETAGE_FORCEINLINE_FUNCTION TileOrigin origin(std::int64_t g) const {
    std::int64_t const fast = (g % tiles_fast) * TD, slow = (g / tiles_fast) * TD;
    return write_dim == 0 ? TileOrigin{{fast, slow}} : TileOrigin{{slow, fast}};
  }

  template <bool Edge, class Tile>
  ETAGE_FORCEINLINE_FUNCTION void write(ConsumerContext const& ctx, Tile const& tile, std::int64_t i0,
                                        std::int64_t j0) const {
    for (int e = ctx.rank; e < TD * TD; e += ctx.count) {
      int const w_lo = e % run;
      int q = e / run;
      int const o_lo = q % group;
      q /= group;
      int const w = (q % (TD / run)) * run + w_lo;
      int const o = (q / (TD / run)) * group + o_lo;
      int const i = write_dim == 0 ? w : o, j = write_dim == 0 ? o : w;
      if (Edge && (i0 + i >= m || j0 + j >= n)) continue;
      b(j0 + j, i0 + i) = tile(i, j);
    }
  }

  /// The column-group split of a whole tile (see above). Store e: part e % lanes (V rows
  /// each) of the lanes * V rows starting at lanes * V * (e / lanes / TD) of stage column
  /// k = (e / lanes) % TD.
  template <class Tile>
  ETAGE_FORCEINLINE_FUNCTION void write_groups(ConsumerContext const& ctx, Tile const& tile, std::int64_t i0,
                                               std::int64_t j0) const {
    for (int e = ctx.rank; e < TD * TD / V; e += ctx.count) {
      int const column = e / lanes, k = column % TD, r0 = (column / TD) * lanes * V + (e % lanes) * V;
      Vec<T, V> v;
#pragma unroll
      for (int r = 0; r < V; ++r) v.v[r] = Source::inner == 1 ? tile(r0 + r, k) : tile(k, r0 + r);
      // Stage column k is B's row: j0 + k when A's inner dimension is 1, i0 + k otherwise.
      v.store_global(Source::inner == 1 ? &b(j0 + k, i0 + r0) : &b(j0 + r0, i0 + k));
    }
  }
  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const r = team.league_rank();
    auto const self = *this;
    tile_loop<Engine, Stages, Threads>(
        team, int(tiles_of(r)),
        [&](ConsumerContext const& ctx, int t, auto const& tile) {
          TileOrigin const c = origin(tile_of(r, t));
          // Edge tiles (partial in either dimension) guard their writes; the others do not.
          bool const whole = c[0] + TD <= m && c[1] + TD <= n;
          if constexpr (grouped) {
            if (whole && vector_store) {
              write_groups(ctx, tile, c[0], c[1]);
              return;
            }
          }
          if (whole) write<false>(ctx, tile, c[0], c[1]);
          else write<true>(ctx, tile, c[0], c[1]);
        },
        operand(a, [=](int t) { return self.origin(self.tile_of(r, t)); }, transpose_l2_prefetch_distance));
  }
};

template <class ExecSpace, class Engine, int Stages, int TD, int Threads, int MinTeams, class AV, class BV>
std::string transpose_run(ExecSpace const& space, AV const& A, BV const& B, bool forced) {
  constexpr int S = Stages == 0 ? default_transpose_stages<Engine, TD, typename BV::non_const_value_type> : Stages;
  if constexpr (!engine_compiles<Engine, S, Threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Threads>(space, Threads);
  } else {
    if (auto why = engine_unavailable<Engine, S, Threads>(space, Threads); !why.empty()) return why;
    auto src = make_tile_source<TD, TD>(A);
    LaunchResources res;
    if (auto why = EngineSupport<Engine, ExecSpace>::prepare(src, res); !why.empty()) return "A: " + why;
    std::int64_t const m = A.extent(0), n = A.extent(1);
    std::int64_t const tiles_m = (m + TD - 1) / TD, tiles_n = (n + TD - 1) / TD;
    using Kernel = TransposeKernel<Engine, S, TD, Threads, decltype(src), BV>;
    constexpr int team_size = tile_loop_team_size<Engine>(Threads);
    constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, S, decltype(src)>();
    constexpr int min_teams = MinTeams > 0 ? MinTeams : streaming_min_teams<ExecSpace>(team_size, 1536);
    using Policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<team_size, min_teams>>;
    std::int64_t const tiles = tiles_m * tiles_n;
    // One wave of teams (at most one per tile); chunks of at most transpose_tiles_per_team
    // that still give at least that many teams.
    std::int64_t const wave = streaming_league<Policy, Kernel>(space, tiles, team_size, scratch);
    std::int64_t per_team = 0, league = wave;
    if constexpr (transpose_tiles_per_team<ExecSpace, Engine> > 0) {
      ChunkedLeague const c = chunked_league(tiles, wave, transpose_tiles_per_team<ExecSpace, Engine>);
      per_team = c.per_team;
      league = c.league;
    }
    // B's contiguous dimension is 1 when A's dimension 0 runs along it (write_dim 0), else 0.
    bool const vector_store = vector_stores(B, Kernel::write_dim == 0 ? 1 : 0);
    Kernel kernel{src, B, m, n, Kernel::write_dim == 0 ? tiles_m : tiles_n, tiles, league, vector_store, per_team};
    std::string const what = "etage::transpose<" + std::string(Engine::name) + ", " + std::to_string(S) +
                             " stages, " + std::to_string(TD) + "x" + std::to_string(TD) +
                             " tile> (use fewer stages or a smaller tile)";
    return enqueue_teams<Policy>(space, kernel, league, team_size, scratch, what, forced);
  }
}

}  // namespace impl

/// B = A^T (out of place).
///
/// - A: rank-2 view, m x n (elements); B: rank-2 view, n x m, writable; float or double
///   (same value type); any layout (LayoutLeft, LayoutRight, LayoutStride subviews),
///   accessible from ExecSpace. A and B must not overlap.
/// - Each team moves TileDim x TileDim tiles of A (0: default_transpose_tile_dim, 64 for
///   float on a GPU, else 32) through a `Stages`-deep ring (0: default_transpose_stages, the
///   engine's default within 32 KiB) with `Engine` (engine::Auto: the best engine the device
///   and A allow) and writes them transposed into B. `Threads`: consumer threads per team
///   (0: default_transpose_threads). `MinTeams`: teams per multiprocessor the compiler must
///   make register room for (Kokkos::LaunchBounds' second argument; 0: as many as 1,536
///   threads per multiprocessor hold).
/// - Bytes moved: m*n*sizeof(T) read once, m*n*sizeof(T) written once.
/// - m = 0 or n = 0: nothing to do.
/// Errors: ExtentMismatch (B is not n x m), InvalidArgument (A and B overlap in memory), UnsupportedEngine (a forced engine that cannot
/// run: e.g. BulkTensor on an A whose row stride is not a multiple of 16 bytes),
/// ScratchLimitExceeded / LaunchConfigError (forced engine whose tiles x stages do not
/// fit). Asynchronous, like Kokkos::parallel_for: the work is enqueued on `space` and B is
/// written once `space` has run it (fence `space`, or deep_copy B, before reading it on the
/// host). A and B must stay allocated until then.
template <class Engine = engine::Auto, int Stages = 0, int TileDim = 0, int Threads = 0, int MinTeams = 0,
          class ExecSpace, class AV, class BV>
void transpose(ExecSpace const& space, AV const& A, BV const& B) {
  using T = typename BV::non_const_value_type;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "etage::transpose: value type must be float or double");
  static_assert(AV::rank() == 2 && BV::rank() == 2, "etage::transpose: A and B must be rank-2 views");
  static_assert(std::is_same_v<typename AV::non_const_value_type, T>, "etage::transpose: A and B must have the same value type");
  static_assert(!std::is_const_v<typename BV::value_type>, "etage::transpose: B must be writable");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename AV::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename BV::memory_space>::accessible,
                "etage::transpose: A and B must be accessible from the execution space");
  static_assert(TileDim >= 0, "etage::transpose: TileDim must be >= 1 (or 0 for the default)");
  static_assert(MinTeams >= 0, "etage::transpose: MinTeams must be >= 1 (or 0 for the default)");
  if constexpr (!std::is_same_v<Engine, engine::Auto> && Stages != 0)
    static_assert(stages_in_range<Engine, Stages>,
                  "etage::transpose: Stages is outside the engine's range (Synchronous 1..8, RegisterDoubleBuffer 2, "
                  "CpAsync and BulkTensor 2..8)");
  constexpr int TD = TileDim > 0 ? TileDim : default_transpose_tile_dim<ExecSpace, T>;
  constexpr int TH = Threads > 0 ? Threads : default_transpose_threads<ExecSpace, TD>;

  std::size_t const m = A.extent(0), n = A.extent(1);
  if (B.extent(0) != n || B.extent(1) != m)
    throw ExtentMismatch("etage::transpose: B must be n x m = " + std::to_string(n) + "x" + std::to_string(m) +
                         " for A " + std::to_string(m) + "x" + std::to_string(n) + ", got B " +
                         std::to_string(B.extent(0)) + "x" + std::to_string(B.extent(1)));
  if (m == 0 || n == 0) return;
  if (views_overlap(A, B))
    throw InvalidArgument("etage::transpose: A and B overlap in memory; the transpose is out of place");
  impl::run_engine<Engine, ExecSpace>("etage::transpose", [&](auto engine) {
    using E = decltype(engine);
    return impl::transpose_run<ExecSpace, E, Stages, TD, TH, MinTeams>(space, A, B,
                                                                       !std::is_same_v<Engine, engine::Auto>);
  });
}

/// transpose on the default instance of B's execution space.
template <class Engine = engine::Auto, int Stages = 0, int TileDim = 0, int Threads = 0, int MinTeams = 0, class AV,
          class BV>
void transpose(AV const& A, BV const& B) {
  transpose<Engine, Stages, TileDim, Threads, MinTeams>(typename BV::execution_space{}, A, B);
}

}  // namespace etage
