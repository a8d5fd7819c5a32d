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

/// Whether a transpose of `Engine` with TD x TD tiles of T and `Threads` consumer threads per
/// team (0: the default) runs one tile per team, as the one-tile-per-block CUDA transpose
/// that reads 94-97 % of copy: on a GPU, for CpAsync with the default team (256 threads,
/// default_transpose_threads) and tiles of at least 16 KiB (64 x 64 floats, the float
/// default). Measured on the H200 with 64 x 64 floats at 1 / 2 GiB (perf/NOTES.md, memory
/// attempt 20): 93 / 92 % of copy with register room for 5 teams per SM (run B) and 92-93 /
/// 91 % with room for 6 (runs A and B), against 90 / 89-90 % for BulkTensor/2 and 92 / 91 %
/// for the tuned Kokkos peer in the same processes; persistent 512-thread CpAsync teams read
/// 83-85 %, one tile per 512-thread team 76-77 % (so a caller's Threads keeps persistent
/// teams). With 32 x 32 float tiles (4 KiB) one tile per team read 55 % (run C) against 70-71 %
/// for persistent teams (the 6c2fb01 and 0600497 snapshots, other H200s), so smaller tiles,
/// double's 32 x 32 default among them (8 KiB, not measured), keep persistent teams. Not
/// measured on other GPUs (sm_80 runs the same path).
template <class ExecSpace, class Engine, int TD, class T, int Threads = 0>
inline constexpr bool transpose_one_tile_teams = !impl::is_host_space<ExecSpace> && Threads == 0 &&
                                                 std::is_same_v<Engine, engine::CpAsync> &&
                                                 std::size_t(TD) * TD * sizeof(T) >= 16384;

/// Consumer threads per transpose team of `Engine` when the caller gives none (Threads = 0):
/// one per tile on the host (teams spread over cores); on a GPU 256 for one-tile teams
/// (transpose_one_tile_teams with Threads = 0: 16 elements of a 64 x 64 float tile each), else
/// TD * TD / 8 (8 elements each, two 16-byte stores of float), at least 256 and at most 1024.
template <class ExecSpace, class Engine, int TD, class T>
inline constexpr int default_transpose_threads = impl::is_host_space<ExecSpace>                       ? 1
                                                 : transpose_one_tile_teams<ExecSpace, Engine, TD, T> ? 256
                                                 : std::clamp(TD * TD / 8, 256, 1024);

/// Threads per multiprocessor whose registers a GPU transpose asks the compiler to make room
/// for when the caller gives no MinTeams (impl::streaming_min_teams: the min-blocks argument
/// of Kokkos::LaunchBounds is this / team size). One-tile teams: 1,280, i.e. 5 teams of 256
/// threads (48 registers, no spills for 64 x 64 floats); else 1,536. Measured on the H200 with
/// one 64 x 64 float tile per 256-thread CpAsync team, 1 / 2 GiB (perf/NOTES.md, memory
/// attempt 20, run B, one GPU): room for 5 teams 93 / 92 % of copy, 6 teams (40 registers)
/// 92-93 / 91 %, 4 teams 86-87 %. CpAsync's ring has at least 2 stages, of which a one-tile
/// team uses one: its 32 KiB of scratch cap residency at 6 teams per SM on the H200 (4 on an
/// A100). A one-stage cp.async ring is untried.
template <class ExecSpace, class Engine, int TD, class T, int Threads = 0>
inline constexpr int transpose_threads_per_sm =
    transpose_one_tile_teams<ExecSpace, Engine, TD, T, Threads> ? 1280 : 1536;

namespace impl {
/// The deepest ring of `Engine`, from `From` stages down to its minimum, whose tile loop over
/// `Source` takes at most `limit` bytes of team scratch (tile_loop_scratch_bytes: slots,
/// alignment slack and the pipeline's barriers); the minimum when none fits.
template <class Engine, class Source, int From>
constexpr int deepest_ring_within(std::size_t limit) {
  if constexpr (From <= Engine::min_stages) return Engine::min_stages;
  else
    return tile_loop_scratch_bytes<Engine, From, Source>() <= limit ? From
                                                                    : deepest_ring_within<Engine, Source, From - 1>(limit);
}
}  // namespace impl

/// Stages of a transpose ring on `ExecSpace` when the caller gives none (Stages = 0): the
/// engine's default, fewer when the ring would pass 32 KiB, never fewer than the engine's
/// minimum. On a GPU the ring's tiles alone count, which leaves its alignment slack and
/// barriers room in the level-0 team scratch of every GPU etage runs on (40,936 B on the
/// H200); on the host, whose level-0 limit is 32 KiB itself, the whole tile loop's scratch
/// counts (impl::deepest_ring_within). 64 x 64 float tiles: 2 on a GPU; 1 for Synchronous on
/// the host.
template <class ExecSpace, class Engine, int TD, class T>
inline constexpr int default_transpose_stages = [] {
  if constexpr (impl::is_host_space<ExecSpace> && impl::EngineSupport<Engine, ExecSpace>::compiled)
    return impl::deepest_ring_within<Engine, TileSource<T, TD, TD, 1>, default_stages<Engine>>(32768);
  else
    return std::clamp(int(32768 / (std::size_t(TD) * TD * sizeof(T))), Engine::min_stages, default_stages<Engine>);
}();

/// Most tiles per transpose team (0: one wave of persistent teams, see impl::TransposeKernel).
/// On a GPU:
/// - BulkTensor: 8, a league of ceil(tiles / 8) teams, each taking 8 consecutive tiles; fewer
///   per team when ceil(tiles / 8) teams would not fill the device once (small matrices;
///   impl::chunked_league). Measured on the H200 with 64 x 64 float tiles at 1 and 2 GiB
///   (perf/NOTES.md, memory attempt 15): BulkTensor/2 88-89 % of copy with 6 or 8 tiles per
///   team, 86-87 % with 4, 12 or 16, 84 % with persistent teams, 55 % with one tile per team
///   of 512 threads (each team sets up its barriers and fills its ring for a single tile).
/// - One-tile teams (transpose_one_tile_teams: CpAsync with the default team and tiles of
///   16 KiB or more): 1, a team per tile, the hardware starting teams in tile order.
/// - Otherwise persistent. One tile per 256-thread Synchronous team read 15-42 % in memory
///   attempt 17 and 47-87 % in attempt 20 (with room for 6 or 8 teams its registers spill).
/// `Threads`: the caller's consumer threads per team (0: the default).
template <class ExecSpace, class Engine, int TD, class T, int Threads = 0>
inline constexpr int transpose_tiles_per_team = impl::is_host_space<ExecSpace>                                ? 0
                                                : std::is_same_v<Engine, engine::BulkTensor>                   ? 8
                                                : transpose_one_tile_teams<ExecSpace, Engine, TD, T, Threads> ? 1
                                                                                                               : 0;

/// Tiles of A ahead of the newest issued one that a transpose team keeps prefetched into L2
/// (Operand::l2_prefetch_distance; only engines whose producer can, i.e. BulkTensor). Measured
/// on the H200 at 1 and 2 GiB (perf/NOTES.md, memory attempt 16): 1 tile, 88-90 % of copy
/// with 64 x 64 tiles in two runs, against 87-88 % without in four runs on other H200s (a
/// weak gain: never compared on one GPU); 3 tiles 83 % and 5 tiles 78 % against 88 % without
/// on one GPU.
inline constexpr int transpose_l2_prefetch_distance = 1;

namespace impl {

/// The engines Auto tries for a transpose with TD x TD tiles of T and `Threads` consumer
/// threads (0: the default), best first: the space's AutoCandidates, with CpAsync moved to
/// the front where its teams take one tile each (transpose_one_tile_teams; they read 91-93 %
/// of copy on the H200 against BulkTensor's 88-90 % in the same processes) and the space
/// offers it.
template <class ExecSpace, int TD, class T, int Threads>
using TransposeAutoCandidates =
    std::conditional_t<transpose_one_tile_teams<ExecSpace, engine::CpAsync, TD, T, Threads>,
                       prefer_engine_t<engine::CpAsync, typename AutoCandidates<ExecSpace>::type>,
                       typename AutoCandidates<ExecSpace>::type>;

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
/// `MaxPerTeam` (transpose_tiles_per_team) is the compile-time bound on k: with 1 a team's
/// loop is a single tile (tile r), and the launch gives per_team = 1 and a league of `tiles`.
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
template <class Engine, int Stages, int TD, int Threads, int MaxPerTeam, class Source, class BView>
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
    if constexpr (MaxPerTeam == 1) return r;
    return per_team > 0 ? r * per_team + t : r + std::int64_t(t) * league;
  }
  /// Tiles of team r.
  ETAGE_FORCEINLINE_FUNCTION std::int64_t tiles_of(std::int64_t r) const {
    if constexpr (MaxPerTeam == 1) return 1;
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

  /// write<Edge> out of line, for edge tiles and for whole tiles that the column groups could
  /// serve but B's strides do not allow: its element-wise index arithmetic stays out of the
  /// registers of the column-group path (as the 2D stencil's sweep_points, whose comment says
  /// why it is static and takes the kernel by value). ptxas (perf/NOTES.md, memory attempt 20):
  /// the default persistent CpAsync transpose from 52 B of spills to none. The tile arrives as
  /// a plain pointer: assume_in_ring restates that it points into the ring (without it, its
  /// stage read was a generic load on every engine: perf/NOTES.md, memory attempt 28).
  template <bool Edge, class Tile>
  static ETAGE_NOINLINE_FUNCTION void write_points(TransposeKernel const self, ConsumerContext const ctx,
                                                   Tile const tile, std::int64_t i0, std::int64_t j0) {
    assume_in_ring(tile.data);
    self.template write<Edge>(ctx, tile, i0, j0);
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
          if (whole) {
            // Whole tiles take write<false> only where the column groups cannot serve them:
            // inline when that is every whole tile (B contiguous along the stage rows), out of
            // line when it is the rare case (B without 16-byte stores).
            if constexpr (grouped) write_points<false>(self, ctx, tile, c[0], c[1]);
            else write<false>(ctx, tile, c[0], c[1]);
          } else {
            write_points<true>(self, ctx, tile, c[0], c[1]);
          }
        },
        operand(a, [=](int t) { return self.origin(self.tile_of(r, t)); }, transpose_l2_prefetch_distance));
  }
};

template <class ExecSpace, class Engine, int Stages, int TD, int ThreadsGiven, int MinTeams, class AV, class BV>
std::string transpose_run(ExecSpace const& space, AV const& A, BV const& B, bool forced) {
  using T = typename BV::non_const_value_type;
  constexpr int S = Stages == 0 ? default_transpose_stages<ExecSpace, Engine, TD, T> : Stages;
  constexpr int Threads = ThreadsGiven > 0 ? ThreadsGiven : default_transpose_threads<ExecSpace, Engine, TD, T>;
  if constexpr (!engine_compiles<Engine, S, Threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Threads>(space, Threads);
  } else {
    if (auto why = engine_unavailable<Engine, S, Threads>(space, Threads); !why.empty()) return why;
    auto src = make_tile_source<TD, TD>(A);
    LaunchResources res;
    if (auto why = EngineSupport<Engine, ExecSpace>::prepare(src, res); !why.empty()) return "A: " + why;
    std::int64_t const m = A.extent(0), n = A.extent(1);
    std::int64_t const tiles_m = (m + TD - 1) / TD, tiles_n = (n + TD - 1) / TD;
    constexpr int max_per_team = transpose_tiles_per_team<ExecSpace, Engine, TD, T, ThreadsGiven>;
    using Kernel = TransposeKernel<Engine, S, TD, Threads, max_per_team, decltype(src), BV>;
    constexpr int team_size = tile_loop_team_size<Engine>(Threads);
    constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, S, decltype(src)>();
    constexpr int threads_per_sm = transpose_threads_per_sm<ExecSpace, Engine, TD, T, ThreadsGiven>;
    constexpr int min_teams = MinTeams > 0 ? MinTeams : streaming_min_teams<ExecSpace>(team_size, threads_per_sm);
    using Policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<team_size, min_teams>>;
    std::int64_t const tiles = tiles_m * tiles_n;
    // One tile per team: a league of `tiles`, without the occupancy query. Otherwise one wave
    // of teams (at most one per tile), persistent (per_team 0) or in chunks of at most
    // max_per_team that still give at least that many teams.
    ChunkedLeague c{1, tiles};
    if constexpr (max_per_team != 1) {
      std::int64_t const wave = streaming_league<Policy, Kernel>(space, tiles, team_size, scratch);
      c = max_per_team > 0 ? chunked_league(tiles, wave, max_per_team) : ChunkedLeague{0, wave};
    }
    std::int64_t const per_team = c.per_team, league = c.league;
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
///   accessible from ExecSpace. A and B must not overlap (etage::views_overlap: disjoint
///   blocks of one matrix, e.g. two column blocks of a LayoutRight allocation, are accepted;
///   strided views whose rows interleave in one allocation are refused when their address
///   ranges meet).
/// - Each team moves TileDim x TileDim tiles of A (0: default_transpose_tile_dim, 64 for
///   float on a GPU, else 32) through a `Stages`-deep ring (0: default_transpose_stages, the
///   engine's default within 32 KiB) with `Engine` (engine::Auto: the first of
///   impl::TransposeAutoCandidates that the device and A allow: on a CUDA device CpAsync first
///   when its teams take one tile each, i.e. tiles of 16 KiB or more and Threads = 0, else the
///   space's order, BulkTensor first on sm_90) and writes them transposed into B. Teams take
///   at most transpose_tiles_per_team tiles each (0: persistent teams, one wave).
///   `Threads`: consumer threads per team (0: default_transpose_threads). `MinTeams`: teams
///   per multiprocessor the compiler must make register room for (Kokkos::LaunchBounds'
///   second argument; 0: transpose_threads_per_sm / team size, at least 1).
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

  std::size_t const m = A.extent(0), n = A.extent(1);
  if (B.extent(0) != n || B.extent(1) != m)
    throw ExtentMismatch("etage::transpose: B must be n x m = " + std::to_string(n) + "x" + std::to_string(m) +
                         " for A " + std::to_string(m) + "x" + std::to_string(n) + ", got B " +
                         std::to_string(B.extent(0)) + "x" + std::to_string(B.extent(1)));
  if (m == 0 || n == 0) return;
  if (views_overlap(A, B))
    throw InvalidArgument("etage::transpose: A and B overlap in memory; the transpose is out of place");
  using Candidates = impl::TransposeAutoCandidates<ExecSpace, TD, T, Threads>;
  impl::run_engine<Engine, ExecSpace, Candidates>("etage::transpose", [&](auto engine) {
    using E = decltype(engine);
    return impl::transpose_run<ExecSpace, E, Stages, TD, Threads, MinTeams>(space, A, B,
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
