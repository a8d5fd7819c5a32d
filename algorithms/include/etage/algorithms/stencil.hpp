#pragma once
/// Jacobi sweeps of the 2D 5-point and 3D 7-point star stencils over Kokkos::View, written
/// once against TeamPolicy and the tile-loop driver; the copy engine is a template argument.
///
/// out(p) = center * in(p) + sum over the neighbours q of p: weight(q - p) * in(q)
///
/// Halo tiles: a team's output block of BO x BI points (rows x contiguous columns) reads a
/// box of (BO + 2) x (BI + 2H) input elements whose origin is (y0 - 1, x0 - H), negative on
/// the grid's first rows/columns. The column halo H is widened from the star's 1 to whole
/// 16-byte vectors (StencilTile's HaloBytes, by default 16 bytes on the host, 32 on a GPU), so the box
/// keeps 16-byte aligned rows and the vector copy paths of the engines; on a GPU 32 bytes
/// (one L2 sector) make box rows start on a sector when the block's columns do (see
/// StencilTile). Every engine zero-fills what lies outside the grid.
///
/// Boundary: out-of-grid cells read as zero or as a fixed value. Interior tiles (whole halo
/// inside the grid) run a branch-free body; edge tiles take a guarded body, which
/// substitutes the boundary value and skips out-of-grid outputs (a per-tile choice). When
/// `out` takes 16-byte stores, a consumer thread computes a run of V consecutive points from
/// three 16-byte stage reads and two scalar ones and writes it with one 16-byte store
/// (star_in_plane_run): about a quarter of the shared-memory and store instructions of one
/// point at a time, the same arithmetic. Interior tiles always take runs; edge tiles too
/// when nx is a multiple of V (every run then lies wholly inside or outside the grid), with
/// the boundary value put in per run (RunBoundary); else edge tiles go one point at a time.
/// Measured on the H200 at 640^3, where a quarter of the 16 x 64 blocks touch the grid's
/// sides (perf/NOTES.md, memory attempt 15): runs on the edge blocks took the 3D stencil
/// from 58 % to 76 % of copy.
///
/// 3D: the (nz, ny, nx) grid (contiguous x) is read as a 2D (nz*ny) x nx view; a team owns
/// one (y, x) block and a range of z planes, and streams the planes through the ring (tile
/// t = plane z of the (BO + 2) x (BI + 2H) window). Each consumer thread keeps, per owned
/// point, the plane below and the partial sum of the plane being built in registers: when
/// plane z arrives, out(z-1) = partial + w_z+ * in(z) is complete and written. Halo rows
/// of a window that fall outside [0, ny) hold the neighbouring plane's rows in the 2D view;
/// the edge-tile bodies replace them with the boundary value.
///
/// Byte traffic per sweep (DRAM, ideal): the grid read once and written once. Loaded into
/// stages: 2D (1 + 2/BO)(1 + 2H/BI) x the grid (the halo overlap of neighbouring blocks,
/// mostly served by L2); 3D the same factor plus 2 planes per z range of a team (ranges of
/// >= 8 planes: <= 25 %).
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/launch.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/l2_eviction.hpp>
#include <etage/scratch.hpp>
#include <etage/tile.hpp>
#include <etage/tile_loop.hpp>

namespace etage {

/// What cells outside the grid read as.
enum class BoundaryKind { Zero, Fixed };

/// Boundary treatment: Zero, or Fixed with `value` (Dirichlet data on the ring around the grid).
template <class T>
struct StencilBoundary {
  BoundaryKind kind = BoundaryKind::Zero;
  T value = T(0);
  static StencilBoundary zero() { return {BoundaryKind::Zero, T(0)}; }
  static StencilBoundary fixed(T v) { return {BoundaryKind::Fixed, v}; }
};

/// Weights of the 2D 5-point star; a 2D view is indexed (y, x) = (dimension 0, dimension 1).
template <class T>
struct Stencil2D {
  T center, y_minus, y_plus, x_minus, x_plus;
  /// The Jacobi iteration of the Laplace equation: the mean of the four neighbours.
  static constexpr Stencil2D jacobi() { return {T(0), T(0.25), T(0.25), T(0.25), T(0.25)}; }
};
/// Weights of the 3D 7-point star; a 3D view is indexed (z, y, x).
template <class T>
struct Stencil3D {
  T center, z_minus, z_plus, y_minus, y_plus, x_minus, x_plus;
  static constexpr Stencil3D jacobi() {
    T const s = T(1) / T(6);
    return {T(0), s, s, s, s, s, s};
  }
};

/// Halo width read on each side of a point, 0 or 1 (the star's radius). A zero-width side is
/// not read: its neighbour's weight is ignored (e.g. a one-sided difference).
struct Halo2D {
  int y_lo = 1, y_hi = 1, x_lo = 1, x_hi = 1;
};
struct Halo3D {
  int z_lo = 1, z_hi = 1, y_lo = 1, y_hi = 1, x_lo = 1, x_hi = 1;
};

/// Output block of a stencil team: BO rows x BI contiguous columns, `Threads` consumer threads.
/// `MinTeams`: teams per multiprocessor the compiler must make room for (the second
/// argument of Kokkos::LaunchBounds, i.e. CUDA __launch_bounds__'s minBlocksPerMultiprocessor:
/// it caps registers per thread at what that many teams need); 1 leaves the compiler free.
/// `DefaultStages`: the stage count a call that gives none (Stages = 0) runs this block at,
/// clamped to the engine's [min_stages, max_stages]; 0: the engine's default. A block whose
/// box is too large for the engine's default ring names the count that fits.
/// `HaloBytes`: bytes of input the box carries on each side of the block's columns (the star
/// reads one element there), a multiple of 16 in [16, 128]; 0: the space's choice,
/// stencil_halo_bytes (32 on a GPU, 16 on the host). The box is (BO + 2) x (BI + 2 *
/// HaloBytes / sizeof(T)) elements: a wider halo takes more team scratch per stage, and a
/// BulkTensor box row may hold at most 256 elements of 8 bytes, 512 of 4 (a row of more than
/// 256 floats is copied as 8-byte tensor-map elements and then needs an even inner extent of
/// the grid's canonical source); a box outside those limits makes that engine unavailable
/// (UnsupportedEngine naming the limit when forced, the next engine with Auto). 16 gives the
/// layout of etage before the GPU default became 32 (e.g. StencilTile<16, 128, 256, 2, 0,
/// 16> is the former 2D default; with 32 bytes its 10,368-byte box no longer fits 4 stages).
/// Box rows start on a 32-byte L2 sector only when HaloBytes is a multiple of 32.
/// `InputEviction`: the L2 eviction priority of the copies that bring the input boxes into
/// the stages (Operand's L2Eviction; engines with Engine::l2_eviction_hints, i.e.
/// BulkTensor; the others ignore it). Normal (the default but for the 3D default block)
/// issues them without a hint. L2Eviction::Last keeps the input's last-loaded lines
/// persisting in L2 after the call (see <etage/l2_eviction.hpp>). stencil_3d's last wave of
/// teams returns the lines of its last stencil_3d_l2_demote_planes planes to normal priority,
/// which leaves few of them; stencil_2d does not. etage::reset_l2_persisting_lines(space)
/// clears them all, after a fence. Measured on three H200s with the 3D default block and
/// evict_last without that demotion, in the benchmark (perf/NOTES.md, memory attempt 25):
/// 0.9-3.1 points of copy more at 808^3 (84.5-88.4 %), 0.2-2.5 at 640^3 (86.1-90.1 %); with
/// it, attempt 26.
template <int BO, int BI, int Threads, int MinTeams = 1, int DefaultStages = 0, int HaloBytes = 0,
          L2Eviction InputEviction = L2Eviction::Normal>
struct StencilTile {
  static_assert(BO >= 1 && BI >= 1 && Threads >= 1, "etage::StencilTile: extents and Threads must be >= 1");
  static_assert(MinTeams >= 1, "etage::StencilTile: MinTeams must be >= 1");
  static_assert(DefaultStages >= 0, "etage::StencilTile: DefaultStages must be >= 0");
  static_assert(HaloBytes == 0 || (HaloBytes % 16 == 0 && HaloBytes >= 16 && HaloBytes <= 128),
                "etage::StencilTile: HaloBytes must be 0 (the space's choice) or a multiple of 16 in [16, 128]");
  static constexpr int bo = BO, bi = BI, threads = Threads, min_teams = MinTeams, default_stages = DefaultStages,
                       halo_bytes = HaloBytes;
  static constexpr L2Eviction input_eviction = InputEviction;
};

/// Column halo of a stencil box in bytes per side when StencilTile's HaloBytes is 0. GPU: 32,
/// one L2 sector, so that box rows start on a sector. Measured on the H200 with BulkTensor
/// (perf/NOTES.md, memory attempt 21, run B; 1 GiB, the 2D block of 16 x 120 floats at 4
/// stages): with the 16-byte halo each box row started 16 bytes into a sector and the L2 saw
/// 1.4 sectors per read request from the SMs, with 32 bytes 2.1; its read requests fell from
/// 33.8 M to 20.1 M, its tag lookups from 83 % to 70 % of peak, and that block rose from
/// 87-89 to 93-94 % of copy, in alternating processes on one GPU (3D, 16 x 128 floats at 3
/// stages: 76-79 to 83-84 %). The other engines take the same halo on a GPU; it was measured
/// for BulkTensor only. A box row starts on a sector when the block's first column does (the
/// default blocks' rows, 480 and 512 bytes, are multiples of 32 bytes) and so does the grid's
/// row (its pitch a multiple of 32 bytes); other grids run correctly, and how fast is not
/// measured. Host: 16, one vector (the stage copy is its cost, not L2 requests).
template <class ExecSpace>
inline constexpr int stencil_halo_bytes = impl::is_host_space<ExecSpace> ? 16 : 32;

/// Default block of stencil_2d per space and type. Host: 8 rows x 128 bytes, one thread per
/// team. GPU: 16 rows x 480 bytes (120 floats, 60 doubles), 256 threads, with register room
/// for 3 teams per SM; with the GPU's 32-byte column halo (stencil_halo_bytes) the 18 x 136
/// float (18 x 68 double) box is 9,792 bytes, so 4 stages (CpAsync's and BulkTensor's
/// default) fit the H200's 40,936 B of level-0 scratch (5 do not), and its 544-byte rows
/// start on an L2 sector.
/// Measured on the H200 at 1 and 2 GiB, BulkTensor/4 (perf/NOTES.md, memory attempt 21):
/// - run B: this block with room for 2 teams per SM read 94 / 93 % of copy, and 92 / 92-93 %
///   for 16 rows x 512 bytes with the 32-byte halo at 3 stages (its 10,368-byte box does not
///   fit 4); in alternating processes on the same GPU, the former default (16 rows x 512
///   bytes, 16-byte column halo) read 89 / 89 % (88-92 % on sixteen H200s, attempts 16-20);
/// - run C (GPU-6ddf1867): with room for 3 teams per SM 93 / 92 %, for 2 teams 91 / 90-91 %,
///   the former default 89 / 89 %, in the same processes; the snapshot at fa11559
///   (GPU-571773d1): 94 / 94 % with either bound, the former default 91 / 91 %. The kernel
///   takes 66 registers with either bound (3 teams of 288 threads fit both), so why the bound
///   of 3 read faster on run C's GPU is not established;
/// - blocks with rows of about 1 KB at 2 stages read 74-81 % (run A), 12 or 20 rows at 3-5
///   stages 83-90 % (run C).
template <class ExecSpace, class T>
using default_stencil_tile =
    std::conditional_t<impl::is_host_space<ExecSpace>, StencilTile<8, int(128 / sizeof(T)), 1>,
                       StencilTile<16, int(480 / sizeof(T)), 256, 3>>;

/// Block of stencil_3d on the host (one consumer thread per team): 8 rows x 256 bytes. Measured
/// on the 2-core development machine (OpenMP, 320^3 floats, Synchronous at 2 stages, median of 7
/// calls, four rounds in two sittings; perf/results/host/2026-12-04-loader/stencil_tiles.*):
/// 65.5-77.3 ms against 86.7-90.1 ms for the 2D stencil's 8 x 128 bytes; 8 x 512 bytes 67.8-75.0,
/// 16 x 256 bytes 71.3-95.2, 16 x 512 bytes 81.8-85.5, 4 x 1024 bytes 83.6-89.4 ms. (In 2D, 8 x
/// 128 bytes stays the fastest of these.)
template <class T>
using host_stencil_tile_3d = StencilTile<8, int(256 / sizeof(T)), 1>;

/// Default block of stencil_3d. Host: host_stencil_tile_3d. GPU: 16 rows x 512 bytes, 256 threads, with
/// register room for 2 teams per SM (MinTeams = 2: the kernel holds two planes per point in
/// registers; unbounded, 16 x 64 blocks needed 127 registers, one team per SM), at 3 stages by
/// default: with the GPU's 32-byte column halo the 18 x 144 float (18 x 72 double) box is 10,368
/// bytes, so 4 stages do not fit the H200's 40,936 B of level-0 scratch. A call that asks for more
/// than 3 stages without naming a block gets default_stencil_tile_3d_deep instead, and one whose
/// engine resolves to 2 stages or fewer (Stages 1 or 2, RegisterDoubleBuffer)
/// default_stencil_tile_3d_shallow. Measured on the H200 at 640^3 and 808^3 floats (perf/NOTES.md,
/// memory attempt 21, run B): 83 / 84 % of copy, and 80 / 80 % for the former default (24 rows x
/// 512 bytes at 2 stages) with the 32-byte halo; in alternating processes on the same GPU, with the
/// 16-byte halo, the former default read 80 / 78 % (76-80 % on other H200s) and 16 x 512 bytes at 3
/// stages 79 / 76 %: the halo made the difference. The snapshot at fa11559 (GPU-571773d1):
/// 83 / 84 %, the former block with the 32-byte halo the same, with its own 16-byte halo 80 / 78 %.
/// Its z ranges (stencil_3d_teams_per_slot) read best by the rule (run F); the absent L2 prefetch
/// was tuned on the former block.
/// Run C (GPU-6ddf1867): 83 / 84 %; 20 x 512 bytes at 3 stages and 12 x 512 bytes at 4 read the
/// same within a point, 8 x 512 bytes at 6 stages 82 %, room for 3 teams per SM 74-79 % (the kernel
/// then spills), 512-thread teams 68-69 %.
/// Earlier blocks (attempts 16-18): 16 x 256 bytes at 4 stages 73-76 %; 32 x 512 bytes, room for 3
/// teams per SM, 320- and 384-thread blocks: the same as 24 x 512 bytes or less.
/// The benchmark (every H200 of sessions 14-16 that ran it): 82-88 % of copy. In attempt 23's probe
/// the same ring run as a plain copy (no arithmetic) read within about a point of it: what limits
/// it is the ring's streaming, not the stencil's arithmetic. Deeper rings and more teams per SM
/// read less again (run P: the 2D block's 3 teams per SM at 4 stages 79 / 75 %). That probe's
/// run-time switches slowed its kernel, by up to 5 points on some GPUs (attempt 24): its absolute
/// fractions (82.6-87.8 %) are the probe's, not the library's.
/// Its input boxes carry an L2 evict_last hint (InputEviction; BulkTensor applies it), and the
/// last wave of teams demotes its last planes' lines (stencil_3d_l2_demote_planes). Measured
/// on the H200 (perf/NOTES.md, memory attempt 26, run E; clean probe, floats, two processes):
/// 89.6-89.8 % of copy at 640^3, 88.5-88.8 % at 808^3, 87.5-88.0 % at 1280 x 640 x 640 and
/// 87.0-87.3 % at 404 x 808 x 808, against 84.9-88.0 % for the same block without the hint:
/// 1.7-2.6 points more on each grid. In the library's benchmark (the c3598a4 snapshot, three
/// processes on one H200) the gain was smaller: 84.6-85.4 % against 83.6-84.0 % at 808^3, and
/// 85.6-87.0 % against 85.9-86.3 % at 640^3. The benchmark times long enough for the board to
/// reach its power cap, which lowers the SM clock and slows this kernel (attempt 26, runs G and
/// H); in such long probe runs the gain was 0.8-2.2 points at 640^3 and 1.3-1.6 at 808^3.
template <class ExecSpace, class T>
using default_stencil_tile_3d =
    std::conditional_t<impl::is_host_space<ExecSpace>, host_stencil_tile_3d<T>,
                       StencilTile<16, int(512 / sizeof(T)), 256, 2, 3, 0, L2Eviction::Last>>;

/// Block of stencil_3d for a call that asks for more stages than the default block's without
/// naming a block. Host: host_stencil_tile_3d. GPU: 16 rows x 256 bytes, 256 threads,
/// room for 2 teams per SM; its 18 x 80 float box (5,760 bytes with the 32-byte halo) fits 7
/// stages.
template <class ExecSpace, class T>
using default_stencil_tile_3d_deep =
    std::conditional_t<impl::is_host_space<ExecSpace>, host_stencil_tile_3d<T>,
                       StencilTile<16, int(256 / sizeof(T)), 256, 2>>;

/// Block of stencil_3d for a call whose ring, without a block named, resolves to 2 stages or
/// fewer (Stages = 1 or 2, or an engine whose ring holds at most 2, RegisterDoubleBuffer).
/// Host: host_stencil_tile_3d. GPU: 24 rows x 512 bytes, 256 threads, room for 2 teams
/// per SM; its 26 x 144 float box (14,976 bytes with the 32-byte halo) fits 2 stages.
/// Measured on the H200 at 640^3 / 808^3 floats, % of copy, this block against the default
/// 16-row block at the same stage count in the same process (perf/NOTES.md, memory attempt
/// 22, run A): BulkTensor/2 82 / 80 against 79 / 76, CpAsync/2 67 / 65 against 61 / 59,
/// Synchronous/2 57 / 56 against 50 / 48, RegisterDoubleBuffer/2 41 / 42 against 38 / 36.
/// At 1 stage (Synchronous) it was not compared in one process: 59 / 58 % in run A, against
/// 47 / 45 % for the 16-row block in the fa11559 snapshot on another H200.
template <class ExecSpace, class T>
using default_stencil_tile_3d_shallow =
    std::conditional_t<impl::is_host_space<ExecSpace>, host_stencil_tile_3d<T>,
                       StencilTile<24, int(512 / sizeof(T)), 256, 2, 2>>;

namespace impl {
/// Stage count a stencil runs `Engine` at with block `Tile`: `Stages`, else the block's
/// default (clamped to the engine's range), else the engine's.
template <class Engine, int Stages, class Tile>
inline constexpr int stencil_stages = Stages == 0 && Tile::default_stages > 0
                                          ? std::clamp(Tile::default_stages, Engine::min_stages, Engine::max_stages)
                                          : resolved_stages<Engine, Stages>;

/// Block stencil_3d runs `Engine` with when the call names `Tile` (void: none): `Tile`; else
/// default_stencil_tile_3d_deep when `Stages` exceeds the default block's own count (all its
/// box fits), default_stencil_tile_3d_shallow when the default block would run at 2 stages or
/// fewer, else default_stencil_tile_3d.
template <class ExecSpace, class Engine, int Stages, class Tile, class T>
struct StencilBlock3D {
  using Default = default_stencil_tile_3d<ExecSpace, T>;
  static constexpr bool deep = Default::default_stages > 0 && Stages > Default::default_stages;
  static constexpr bool shallow = !is_host_space<ExecSpace> && stencil_stages<Engine, Stages, Default> <= 2;
  using type = std::conditional_t<
      !std::is_void_v<Tile>, Tile,
      std::conditional_t<deep, default_stencil_tile_3d_deep<ExecSpace, T>,
                         std::conditional_t<shallow, default_stencil_tile_3d_shallow<ExecSpace, T>, Default>>>;
};
template <class ExecSpace, class Engine, int Stages, class Tile, class T>
using stencil_3d_block = typename StencilBlock3D<ExecSpace, Engine, Stages, Tile, T>::type;
}  // namespace impl

/// Teams of stencil_3d per team slot of the device (concurrent_teams: the teams its thread
/// count allows); each (y, x) block's z range is cut so that blocks x ranges reaches about
/// this many times the slots (at least 8 planes per range). Fewer ranges mean fewer extra
/// plane loads (2 per range) and pipeline fills; more, a smaller last partial wave. Measured
/// on the H200 with 24 x 128 float blocks, BulkTensor/2, as ranges per block (perf/NOTES.md,
/// memory attempts 17 and 18):
/// - 640^3 (135 blocks): 9 or 13 ranges 81 % of copy, 28 78 %, 4 or 6 71-75 % (one GPU);
///   8 ranges 78 %, 10, 14 or 20 79 % (another);
/// - 808^3 (238 blocks): 8 ranges (the rule with 2 per slot) 76 % on four GPUs; 10 or 12
///   78 %, 14 to 20 77 %, 5 to 7 73-75 % (one GPU); 9 to 16 77-78 % (another);
/// - 824^3 (245 blocks): 8 to 16 ranges 80 %.
/// 3 per slot gives 21, 12 and 12 ranges there (2 per slot: 14, 8, 8).
/// With the 16 x 128 float block at 3 stages (the default since attempt 21; 200 blocks at
/// 640^3, 357 at 808^3), the rule's 15 and 8 ranges read 84 / 84 %, and fixed counts from 4
/// to 24 the same or less (79-84 %; attempt 21, run F).
inline constexpr int stencil_3d_teams_per_slot = 3;

/// Input planes (boxes) whose L2 lines each of stencil_3d's last teams returns to the normal
/// eviction priority when done, for a block with InputEviction = L2Eviction::Last (the GPU
/// default): the last wave of the league (the teams that run at once, by the occupancy
/// calculator) demotes the lines of its last 24 planes (all of a shorter z range). The
/// evict_last lines that outlive a sweep are its last-loaded ones, and the last wave loads
/// them. Measured on the H200 (perf/NOTES.md, memory attempt 26; clean probe, floats):
/// - run D (640^3 / 808^3): an L2-resident 16 MiB copy timed right after the sweeps took
///   1.10-1.15x its time after a reset with evict_last and no demotion, 0.99-1.02x with the
///   demotion, 0.98-1.02x after the unhinted kernel; the sweeps read 89.2-89.3 / 86.7-87.8 % of
///   copy with the demotion, 89.6-90.2 / 85.7-87.3 % without it, 87.5-87.6 / 83.4-85.1 % without
///   the hint, in the same processes;
/// - run E (the library's kernel, four grids): 0.97-1.01x after the default, 0.98-1.01x after
///   the same block without the hint.
/// - session 20 (memory attempt 28, runs 2 and 3, two H200s, three rounds each): 24 planes
///   instead of 48 read 0.4-0.6 points more at 640^3 and 0.2 at 808^3 and left the resident
///   copy at 0.98-1.03x (48: 0.97-1.02x); 16 planes left up to 1.06x, 8 planes up to 1.13x.
///   The demotion sits at the end of each last-wave team, in the kernel's tail. Demoting
///   while streaming instead (the issuing thread demoting the plane 8 or 16 behind) read
///   75-81 %: it delays the copies.
/// What stays persisting is bounded, not nothing: lines a neighbouring team loads again after
/// the demotion keep evict_last.
inline constexpr int stencil_3d_l2_demote_planes = 24;

/// Most output blocks per stencil_2d team on a GPU. The league is ceil(blocks / 8) teams and
/// team r takes the consecutive blocks [blocks * r / league, blocks * (r + 1) / league) (7 or
/// 8 each; row-major block order), so the hardware starts teams in block order as earlier
/// ones finish. Small grids take fewer blocks per team, so that the league is at least the
/// teams the device runs at once as far as its thread count tells (impl::chunked_league,
/// impl::concurrent_teams: an upper bound, registers and scratch may allow fewer).
/// Measured on the H200 with the then default 32 x 64 float block at 1 and 2 GiB (perf/NOTES.md,
/// memory attempt 15): BulkTensor/4 82-83 % of copy with 8, 79-82 % with 4 or 12, 78-80 %
/// with 16, 74-77 % with 32, 72-73 % with about 70 (four waves of teams, the previous rule),
/// 42 % with 1; CpAsync/3 73-74 % with 8 against 67 %. The host keeps impl::league_for (four
/// times the concurrency).
inline constexpr int stencil_2d_blocks_per_team = 8;

/// Input boxes ahead of the newest issued one that a stencil_2d team keeps prefetched into
/// L2 (Operand::l2_prefetch_distance; only engines whose producer can, i.e. BulkTensor).
/// Measured on the H200 with the then default 32 x 64 block, BulkTensor/4, at 1 and 2 GiB
/// (perf/NOTES.md, memory attempt 16): 90 % of copy with 5 or 7 against 87 % without (one
/// GPU); the 16 x 128 block (the default until attempt 21) read 91-92 % with 5, or 3 and 5
/// issued only once the ring is full (attempt 17). With 8 blocks
/// per team and 4 stages, 5 requests every remaining block of a team by its third load and 7
/// by its first, which is why they measure alike: the value was tuned with those two
/// settings only. The 3D stencil's and the sum's choices are next to their tile loops.
inline constexpr int stencil_2d_l2_prefetch_distance = 5;

namespace impl {

/// Columns of halo a stencil box of block `Tile` carries on each side on `ExecSpace`
/// (StencilTile's HaloBytes, else stencil_halo_bytes), in elements of T.
template <class ExecSpace, class Tile, class T>
inline constexpr int stencil_halo_columns =
    int((Tile::halo_bytes > 0 ? Tile::halo_bytes : stencil_halo_bytes<ExecSpace>) / sizeof(T));

template <class T, class Mem>
using CanonicalIn = Kokkos::View<T const**, Kokkos::LayoutStride, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
template <class T, class Mem>
using CanonicalOut2 = Kokkos::View<T**, Kokkos::LayoutStride, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
template <class T, class Mem>
using CanonicalOut3 = Kokkos::View<T***, Kokkos::LayoutStride, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// Effective weights: zero-width halo sides read nothing.
/// `Guard`: some weight the kernel uses is zero, so every neighbour product goes through the
/// zero test of weighted(); when none is, the kernels are instantiated without it (it costs
/// a compare and a select per neighbour and point).
template <class T, bool Guard = true>
struct StarWeights {
  T c, zm, zp, ym, yp, xm, xp;

  /// wt * v, except that with Guard a zero neighbour weight (a side with a zero-width halo,
  /// or a zero coefficient) contributes exactly nothing: an Inf or NaN neighbour on that side
  /// is not propagated. Without Guard no neighbour weight is zero and it is the plain
  /// product. The centre weight `c` is always a plain product (c = 0 with an Inf or NaN
  /// centre gives NaN at that point, as IEEE arithmetic does).
  ETAGE_FORCEINLINE_FUNCTION T weighted(T wt, T v) const {
    if constexpr (Guard) return wt == T(0) ? T(0) : wt * v;
    else return wt * v;
  }
  /// The same weights with the guard set to `G`.
  template <bool G>
  StarWeights<T, G> with_guard() const {
    return {c, zm, zp, ym, yp, xm, xp};
  }
};

template <class Tile, class Source>
struct StencilGeometry {
  using T = typename Source::value_type;
  static constexpr int BO = Tile::bo, BI = Tile::bi, threads = Tile::threads;
  static constexpr int V = Source::vector_elements;
  /// Columns of halo on each side of the block in the box (a multiple of V).
  static constexpr int H = (Source::box1 - BI) / 2;
  static_assert(H >= V && H % V == 0, "etage stencil: the column halo must be whole 16-byte vectors");
  static_assert(Tile::halo_bytes == 0 || H * int(sizeof(T)) == Tile::halo_bytes,
                "etage stencil: the box's column halo is not the block's HaloBytes");
  static constexpr int points = BO * BI;
  static constexpr int per_thread = (points + threads - 1) / threads;
  static_assert(Source::box0 == BO + 2 && Source::box1 == BI + 2 * H, "etage stencil: box does not match the block");
};

/// Sum of the four in-plane neighbours and the centre of block point (y, x) of `tile`;
/// `Edge`: cells outside [0, ny) x [0, nx) read as `b`. `H`: the box's column halo (block
/// column x is box column x + H).
template <bool Edge, class TileT, class T, bool Guard>
ETAGE_FORCEINLINE_FUNCTION T star_in_plane(TileT const& tile, StarWeights<T, Guard> const& w, T b, int y, int x, int H,
                                           std::int64_t gy, std::int64_t gx, std::int64_t ny, std::int64_t nx,
                                           T& centre) {
  centre = tile(y + 1, x + H);
  if constexpr (!Edge) {
    return w.weighted(w.ym, tile(y, x + H)) + w.weighted(w.yp, tile(y + 2, x + H)) +
           w.weighted(w.xm, tile(y + 1, x + H - 1)) + w.weighted(w.xp, tile(y + 1, x + H + 1));
  } else {
    T const n = gy - 1 >= 0 ? tile(y, x + H) : b;
    T const s = gy + 1 < ny ? tile(y + 2, x + H) : b;
    T const wv = gx - 1 >= 0 ? tile(y + 1, x + H - 1) : b;
    T const e = gx + 1 < nx ? tile(y + 1, x + H + 1) : b;
    return w.weighted(w.ym, n) + w.weighted(w.yp, s) + w.weighted(w.xm, wv) + w.weighted(w.xp, e);
  }
}

/// Which neighbours of a run of V points lie outside the grid (and so read as `b`): the row
/// above (north), the row below (south), the point west of the run's first point and east
/// of its last. All false for a run whose neighbours are all inside.
template <class T>
struct RunBoundary {
  bool north = false, south = false, west = false, east = false;
  T b = T(0);

  /// Whether the run starting at grid point (gy, gx) lies inside an ny x nx grid (with nx a
  /// multiple of V, a run lies wholly inside or wholly outside).
  ETAGE_FORCEINLINE_FUNCTION static bool inside(std::int64_t gy, std::int64_t gx, std::int64_t ny, std::int64_t nx) {
    return gy < ny && gx < nx;
  }
  /// For the run of V points starting at grid point (gy, gx) of an ny x nx grid.
  template <int V>
  ETAGE_FORCEINLINE_FUNCTION static RunBoundary at(std::int64_t gy, std::int64_t gx, std::int64_t ny,
                                                   std::int64_t nx, T b) {
    return {gy - 1 < 0, gy + 1 >= ny, gx - 1 < 0, gx + V >= nx, b};
  }
};

/// star_in_plane for the V = 16 / sizeof(T) consecutive points (y, x) ... (y, x + V - 1) of a
/// tile (x a multiple of V; H, the box's column halo, a multiple of V): three 16-byte stage reads (the rows above, at and below) and two
/// scalar ones (the west and east neighbours of the run), the same arithmetic in the same
/// order per point. Neighbours that `bd` marks outside read as bd.b (the run itself must lie
/// inside the grid for its result to be meaningful). `sum` gets the neighbour sums, `centre`
/// the centre values.
template <int V, int H, class TileT, class T, bool Guard>
ETAGE_FORCEINLINE_FUNCTION void star_in_plane_run(TileT const& tile, StarWeights<T, Guard> const& w, int y, int x,
                                                  Vec<T, V>& sum, Vec<T, V>& centre,
                                                  RunBoundary<T> const& bd = RunBoundary<T>{}) {
  Vec<T, V> n = tile.template vector<V>(y, x + H), s = tile.template vector<V>(y + 2, x + H);
  centre = tile.template vector<V>(y + 1, x + H);
  T west = tile(y + 1, x + H - 1), east = tile(y + 1, x + H + V);
#pragma unroll
  for (int k = 0; k < V; ++k) {
    if (bd.north) n.v[k] = bd.b;
    if (bd.south) s.v[k] = bd.b;
  }
  if (bd.west) west = bd.b;
  if (bd.east) east = bd.b;
#pragma unroll
  for (int k = 0; k < V; ++k) {
    T const wk = k == 0 ? west : centre.v[k - 1], ek = k == V - 1 ? east : centre.v[k + 1];
    sum.v[k] = w.weighted(w.ym, n.v[k]) + w.weighted(w.yp, s.v[k]) + w.weighted(w.xm, wk) + w.weighted(w.xp, ek);
  }
}

template <class Engine, int Stages, class Tile, class Source, class OutV, bool Guard>
struct Stencil2DKernel {
  using T = typename Source::value_type;
  using G = StencilGeometry<Tile, Source>;
  Source src;
  OutV out;
  StarWeights<T, Guard> w;
  T b;
  std::int64_t ny, nx, blocks_x, num_blocks, league;
  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  /// Interior tiles run V-point runs (star_in_plane_run) when the block's rows split into them.
  static constexpr bool runs = G::BI % G::V == 0;

  ETAGE_FORCEINLINE_FUNCTION TileOrigin origin(std::int64_t g) const {
    return TileOrigin{{(g / blocks_x) * G::BO - 1, (g % blocks_x) * G::BI - G::H}};
  }

  /// V-point runs (star_in_plane_run). `Edge`: the block's halo reaches outside the grid;
  /// neighbours outside read as the boundary value and runs outside the grid are skipped
  /// (runs lie wholly inside or outside only when nx is a multiple of V: the caller's
  /// condition).
  template <bool Edge, class TileT>
  ETAGE_FORCEINLINE_FUNCTION void sweep_runs(ConsumerContext const& ctx, TileT const& tile, std::int64_t y0,
                                             std::int64_t x0) const {
    constexpr int V = G::V, per_row = G::BI / V;
    for (int e = ctx.rank; e < G::points / V; e += ctx.count) {
      int const y = e / per_row, x = (e % per_row) * V;
      Vec<T, V> sum, centre, o;
      if (Edge && !RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx)) continue;
      star_in_plane_run<V, G::H>(tile, w, y, x, sum, centre,
                           Edge ? RunBoundary<T>::template at<V>(y0 + y, x0 + x, ny, nx, b) : RunBoundary<T>{});
#pragma unroll
      for (int k = 0; k < V; ++k) o.v[k] = w.c * centre.v[k] + sum.v[k];
      o.store_global(&out(y0 + y, x0 + x));
    }
  }

  /// One point at a time (edge tiles, or out without 16-byte stores), through sweep_points.
  template <bool Edge, class TileT>
  ETAGE_FORCEINLINE_FUNCTION void sweep(ConsumerContext const& ctx, TileT const& tile, std::int64_t y0,
                                        std::int64_t x0) const {
    for (int e = ctx.rank; e < G::points; e += ctx.count) {
      int const y = e / G::BI, x = e % G::BI;
      std::int64_t const gy = y0 + y, gx = x0 + x;
      if (Edge && (gy >= ny || gx >= nx)) continue;
      T centre;
      T const s = star_in_plane<Edge>(tile, w, b, y, x, G::H, gy, gx, ny, nx, centre);
      out(gy, gx) = w.c * centre + s;
    }
  }

  /// sweep<Edge> out of line, so that its registers stay out of the runs path's allocation.
  /// Static, with the kernel and the tile by value: a member function would take the
  /// kernel's address, and every team would then copy the kernel object (its launch
  /// parameters) to local memory on entry, whether or not it has an edge tile. Measured on
  /// the H200 (perf/NOTES.md, memory attempt 15): those local stores added 28 % to the L2
  /// write sectors of the output (9.4 M over 33.6 M at 16384^2); without them 6 %, and the
  /// kernel 1 % faster. The tile arrives as a plain pointer (assume_in_ring: without it its 5
  /// stage reads per point were generic loads).
  template <bool Edge, class TileT>
  static ETAGE_NOINLINE_FUNCTION void sweep_points(Stencil2DKernel const self, ConsumerContext const ctx,
                                                   TileT const tile, std::int64_t y0, std::int64_t x0) {
    assume_in_ring(tile.data);
    self.template sweep<Edge>(ctx, tile, y0, x0);
  }

  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const r = team.league_rank();
    std::int64_t const begin = num_blocks * r / league, end = num_blocks * (r + 1) / league;
    auto const self = *this;
    tile_loop<Engine, Stages, G::threads>(
        team, int(end - begin),
        [&](ConsumerContext const& ctx, int t, auto const& tile) {
          TileOrigin const c = origin(begin + t);
          std::int64_t const y0 = c[0] + 1, x0 = c[1] + G::H;
          bool const interior = y0 >= 1 && x0 >= 1 && y0 + G::BO + 1 <= ny && x0 + G::BI + 1 <= nx;
          if constexpr (runs) {
            if (vector_out && interior) {
              sweep_runs<false>(ctx, tile, y0, x0);
              return;
            }
            if (vector_out && nx % G::V == 0) {
              sweep_runs<true>(ctx, tile, y0, x0);
              return;
            }
          }
          if (interior) sweep_points<false>(self, ctx, tile, y0, x0);
          else sweep_points<true>(self, ctx, tile, y0, x0);
        },
        operand<Tile::input_eviction>(src, [=](int t) { return self.origin(begin + t); },
                                      stencil_2d_l2_prefetch_distance));
  }
};

/// One team's work in stencil_3d: output block `block` (row-major over the (y, x) blocks) over
/// z range `range`.
struct Stencil3DWork {
  std::int64_t block, range;
};

/// The league order of stencil_3d: team r of a league of blocks x ranges teams takes
/// stencil_3d_work(r, blocks, ranges, stripe). The blocks go in stripes of `stripe` consecutive
/// blocks (the last stripe what is left; stripe <= 0 or >= blocks: one stripe), and inside a
/// stripe range-major: the stripe's blocks over range 0, then over range 1, ... So in a stripe
/// as wide as the teams the device runs at once (stencil_3d passes that count), block b's range
/// k + 1 starts about one team time after its range k, while that team's last planes (the two
/// the ranges share, loaded by both) may still be in L2; with one stripe over many more blocks
/// than that it starts blocks / resident team times later. A last stripe narrower than that
/// (at 808^3 on the H200: 93 of 357 blocks) runs several ranges of a block at once, as one
/// stripe of fewer blocks than the resident teams does (640^3: 200 blocks). Every (block,
/// range) pair is taken by exactly one r in [0, blocks x ranges). Preconditions: blocks >= 1,
/// ranges >= 1, 0 <= r < blocks x ranges.
/// Measured on the H200 with BulkTensor and the default block at 3 stages, in the exploration
/// probe (not the benchmark), at 808^3 floats (357 blocks, 264 resident teams; perf/NOTES.md,
/// memory attempts 28 and 29, three H200s): about 0.4 points of copy more than one stripe
/// (89.5-89.8 % against 89.1-89.5 %), and 0.8 % fewer DRAM bytes read (1.033x the grid against
/// 1.041x, Nsight Compute); at 640^3 (one stripe) the same order as before. The other engines
/// take the same order, not measured. Blocks numbered y-fastest instead (x neighbours 51 teams
/// apart) read 73 %.
KOKKOS_INLINE_FUNCTION Stencil3DWork stencil_3d_work(std::int64_t r, std::int64_t blocks, std::int64_t ranges,
                                                     std::int64_t stripe) {
  std::int64_t const width = stripe <= 0 || stripe > blocks ? blocks : stripe;
  std::int64_t const first = r / (width * ranges) * width, local = r % (width * ranges);
  std::int64_t const in_stripe = blocks - first < width ? blocks - first : width;
  return {first + local % in_stripe, local / in_stripe};
}

/// `PointPath`: the kernel carries run_points, the one-point-at-a-time path. A launch whose
/// every block takes runs (out takes 16-byte stores and nx is a multiple of V) instantiates
/// the kernel without it: the call into that non-inlined path alone made ptxas keep a stack
/// frame of 320-336 bytes and spill 32-36 bytes in the kernel of the default 16 x 128 float
/// block (96 registers), against 32 bytes and 16 without it (perf/NOTES.md, memory attempt
/// 22). On the H200 that read 85-86 / 82-84 % of copy (640^3 / 808^3) against 83-84 / 83 %
/// in alternating processes (run A): within a point or two either way, kept for the spills.
/// Since run_points takes the kernel by value (a copy on the stack): a 496-byte frame and 40
/// bytes of spills (ptxas, sm_90).
template <class Engine, int Stages, class Tile, class Source, class OutV, bool Guard, bool PointPath = true>
struct Stencil3DKernel {
  using T = typename Source::value_type;
  using G = StencilGeometry<Tile, Source>;
  Source src;  // the grid as (nz*ny) x nx
  OutV out;    // (nz, ny, nx)
  StarWeights<T, Guard> w;
  T b;
  std::int64_t nz, ny, nx, blocks_x, num_blocks, z_ranges;
  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  // With Tile::input_eviction == Last: the last l2_demote_teams teams of the league demote the
  // L2 lines of their last stencil_3d_l2_demote_planes input boxes when done (Operand).
  std::int64_t l2_demote_teams = 0;
  // The league order's stripe width in blocks (stencil_3d_work; 0: one stripe).
  std::int64_t stripe_blocks = 0;
  static constexpr bool runs = G::BI % G::V == 0;
  static_assert(PointPath || runs, "etage stencil_3d: a block whose rows do not split into runs needs the point path");

  /// Whether every block of a launch takes runs (then the kernel without run_points suffices).
  ETAGE_FORCEINLINE_FUNCTION static bool all_runs(bool vector_out, std::int64_t nx) {
    return runs && vector_out && nx % G::V == 0;
  }

  /// Streams planes first..last of the block at (y0, x0) through the ring, calling
  /// per_plane(ctx, tile, p, finish, start) for plane p (finish: plane p-1 is in [zb, ze) and
  /// completes now; start: plane p is in [zb, ze)); then, when the range ends at the top of
  /// the grid (whose top plane reads the boundary above), top(rank) on each consumer thread.
  template <class Member, class PerPlane, class Top>
  ETAGE_FORCEINLINE_FUNCTION void stream_planes(Member const& team, std::int64_t y0, std::int64_t x0,
                                                std::int64_t zb, std::int64_t ze, std::int64_t first,
                                                std::int64_t last, PerPlane const& per_plane, Top const& top) const {
    std::int64_t const row_base = y0 - 1, col = x0 - G::H, rows_per_plane = ny;
    // No L2 prefetch (Operand::l2_prefetch_distance 0). Measured on the H200 (perf/NOTES.md,
    // memory attempts 16-18): at 4 stages 3 or 5 planes ahead cost 2-7 points; the default
    // then default 24 x 128 block at 2 stages read 80 / 71 % (640^3 / 808^3) with 1 plane ahead, 79 / 70 %
    // with 2 and 65 / 58 % with 5, against 79 / 76 % without.
    tile_loop<Engine, Stages, G::threads>(
        team, int(last - first + 1),
        [&](ConsumerContext const& ctx, int t, auto const& tile) {
          std::int64_t const p = first + t;
          per_plane(ctx, tile, p, p - 1 >= zb, p >= zb && p < ze);
        },
        operand<Tile::input_eviction>(
            src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, 0,
            team.league_rank() >= team.league_size() - l2_demote_teams ? stencil_3d_l2_demote_planes : 0));
    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0 || ze != nz || ze == zb) return;
    top(rank);
  }

  /// A team's z range with V-point runs (star_in_plane_run): run e of the block (row
  /// e / (BI / V), columns V * (e % (BI / V)) ...) belongs to consumer thread e mod Threads.
  /// `Edge`: the block's halo reaches outside the grid; neighbours outside read as the
  /// boundary value and runs outside the grid are not written. Runs lie wholly inside or
  /// wholly outside the grid only when nx is a multiple of V (the caller's condition).
  template <bool Edge, class Member>
  ETAGE_FUNCTION void run_runs(Member const& team, std::int64_t y0, std::int64_t x0, std::int64_t zb,
                               std::int64_t ze, std::int64_t first, std::int64_t last) const {
    constexpr int V = G::V, per_row = G::BI / V, count = G::points / V;
    constexpr int per_thread = (count + G::threads - 1) / G::threads;
    // Plain arrays of T (not of Vec), so that they stay in registers.
    T below[per_thread * V], partial[per_thread * V];
    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
    // Each run's output column (y, x) as an element offset from out.data(), computed once, so
    // that a store adds one product (plane x out.stride(0)) instead of the view's three 64-bit
    // products. Not on register-staged engines: the RegisterDoubleBuffer kernel sits at its
    // 128-register bound and spilled 228 more bytes with it, reading 8-9 points less. Measured
    // on the H200 (perf/NOTES.md, memory attempt 28, three H200s): +0.2-0.3 points of copy on
    // BulkTensor at 808^3, 0-0.2 at 640^3.
    constexpr bool column_offsets = !Engine::register_staged;
    [[maybe_unused]] std::int64_t const plane_stride = std::int64_t(out.stride(0));
    [[maybe_unused]] std::int64_t column[column_offsets ? per_thread : 1];
    if constexpr (column_offsets) {
      int const rank = team.team_rank() - 32 * Engine::producer_warps;
#pragma unroll
      for (int j = 0; j < per_thread; ++j) {
        int const e = rank + j * G::threads;
        column[j] = (y0 + e / per_row) * std::int64_t(out.stride(1)) + (x0 + (e % per_row) * V) * std::int64_t(out.stride(2));
      }
    }
    stream_planes(
        team, y0, x0, zb, ze, first, last,
        [&](ConsumerContext const& ctx, auto const& tile, std::int64_t p, bool finish, bool start) {
#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = ctx.rank + j * G::threads;
            if (count % G::threads == 0 || e < count) {
              int const y = e / per_row, x = (e % per_row) * V;
              Vec<T, V> sum, centre;
              bool const inside = !Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
              star_in_plane_run<V, G::H>(tile, w, y, x, sum, centre,
                                   Edge ? RunBoundary<T>::template at<V>(y0 + y, x0 + x, ny, nx, b) : RunBoundary<T>{});
              if (finish && inside) {
                Vec<T, V> o;
#pragma unroll
                for (int k = 0; k < V; ++k) o.v[k] = partial[j * V + k] + w.weighted(w.zp, centre.v[k]);
                if constexpr (column_offsets) o.store_global(out.data() + (p - 1) * plane_stride + column[j]);
                else o.store_global(&out(p - 1, y0 + y, x0 + x));
              }
#pragma unroll
              for (int k = 0; k < V; ++k) {
                if (start) partial[j * V + k] = w.c * centre.v[k] + sum.v[k] + w.weighted(w.zm, below[j * V + k]);
                below[j * V + k] = centre.v[k];
              }
            }
          }
        },
        [&](int rank) {
#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = rank + j * G::threads, y = e / per_row, x = (e % per_row) * V;
            if (e < count && (!Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx))) {
              Vec<T, V> o;
#pragma unroll
              for (int k = 0; k < V; ++k) o.v[k] = partial[j * V + k] + w.weighted(w.zp, b);
              o.store_global(&out(nz - 1, y0 + y, x0 + x));
            }
          }
        });
  }

  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const r = team.league_rank();
    Stencil3DWork const work = stencil_3d_work(r, num_blocks, z_ranges, stripe_blocks);
    std::int64_t const block = work.block, range = work.range;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;
    std::int64_t const zb = nz * range / z_ranges, ze = nz * (range + 1) / z_ranges;
    // Planes loaded: the one below the range (if any), the range, the one above (if any).
    std::int64_t const first = zb > 0 ? zb - 1 : 0, last = ze < nz ? ze : nz - 1;
    bool const interior = y0 >= 1 && x0 >= 1 && y0 + G::BO + 1 <= ny && x0 + G::BI + 1 <= nx;
    if constexpr (runs) {
      if (vector_out && interior) {
        run_runs<false>(team, y0, x0, zb, ze, first, last);
        return;
      }
      // Edge blocks take runs too when every run lies wholly inside or outside the grid:
      // at 640^3 a quarter of the 16 x 64 blocks touch the grid's sides.
      if (!PointPath || all_runs(vector_out, nx)) {
        run_runs<true>(team, y0, x0, zb, ze, first, last);
        return;
      }
    }
    if constexpr (PointPath) run_points(*this, team, interior, y0, x0, zb, ze, first, last);
  }

  /// points out of line: its registers stay out of the interior path's allocation (ptxas: 154
  /// registers for both inlined together against 72 for the interior path alone). Static,
  /// with the kernel by value, as the 2D kernel's sweep_points: as a member function it got
  /// the kernel's launch parameters through a generic pointer (cvta.param) and loaded its
  /// members again after each output store, which might alias them: in the default float
  /// block's PTX 97 generic f32 and 8 v2.f32 loads (weights, boundary value) and 111 u64 (out's
  /// pointer and strides, extents) beside its 80 ld.shared stage reads; by value, none generic (the members
  /// come from the local copy the call makes, on this path only).
  template <class Member>
  static ETAGE_NOINLINE_FUNCTION void run_points(Stencil3DKernel const self, Member const& team, bool interior,
                                                 std::int64_t y0, std::int64_t x0, std::int64_t zb, std::int64_t ze,
                                                 std::int64_t first, std::int64_t last) {
    self.points(team, interior, y0, x0, zb, ze, first, last);
  }

  /// A team's z range one point at a time (edge blocks, or out without 16-byte stores).
  template <class Member>
  ETAGE_FORCEINLINE_FUNCTION void points(Member const& team, bool interior, std::int64_t y0, std::int64_t x0,
                                         std::int64_t zb, std::int64_t ze, std::int64_t first,
                                         std::int64_t last) const {
    T below[G::per_thread], partial[G::per_thread];
    for (int k = 0; k < G::per_thread; ++k) below[k] = partial[k] = b;

    auto const point = [&](int rank, int k, auto&& f) {
      int const e = rank + k * G::threads;
      if (G::points % G::threads != 0 && e >= G::points) return;
      int const y = e / G::BI, x = e % G::BI;
      f(y, x, y0 + y, x0 + x);
    };
    auto const put = [&](std::int64_t z, std::int64_t gy, std::int64_t gx, T v) {
      if (interior || (gy < ny && gx < nx)) out(z, gy, gx) = v;
    };

    stream_planes(
        team, y0, x0, zb, ze, first, last,
        [&](ConsumerContext const& ctx, auto const& tile, std::int64_t p, bool finish, bool start) {
#pragma unroll
          for (int k = 0; k < G::per_thread; ++k)
            point(ctx.rank, k, [&](int y, int x, std::int64_t gy, std::int64_t gx) {
              T centre;
              T const s = interior ? star_in_plane<false>(tile, w, b, y, x, G::H, gy, gx, ny, nx, centre)
                                   : star_in_plane<true>(tile, w, b, y, x, G::H, gy, gx, ny, nx, centre);
              if (finish) put(p - 1, gy, gx, partial[k] + w.weighted(w.zp, centre));
              if (start) partial[k] = w.c * centre + s + w.weighted(w.zm, below[k]);
              below[k] = centre;
            });
        },
        [&](int rank) {
          for (int k = 0; k < G::per_thread; ++k)
            point(rank, k, [&](int, int, std::int64_t gy, std::int64_t gx) {
              put(nz - 1, gy, gx, partial[k] + w.weighted(w.zp, b));
            });
        });
  }
};

/// The canonical 2D view of `v` (rank 2): contiguous dimension last. Returns true when the
/// dimensions were swapped (v is column-major).
template <class T, class Mem, class V>
bool canonical_2d(V const& v, Kokkos::View<T, Kokkos::LayoutStride, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>& c) {
  // Both dimensions longer than 1: the smaller stride goes last. Only one: it goes last when
  // it is contiguous, first otherwise (rows of one element, its stride the row stride), so
  // the canonical view always has a unit inner stride.
  bool const swap = v.extent(0) > 1 && v.extent(1) > 1 ? v.stride(0) < v.stride(1)
                    : v.extent(0) > 1                   ? v.stride(0) == 1
                                                        : v.extent(1) > 1 && v.stride(1) != 1;
  std::size_t const e0 = swap ? v.extent(1) : v.extent(0), e1 = swap ? v.extent(0) : v.extent(1);
  std::size_t const s0 = swap ? v.stride(1) : v.stride(0), s1 = swap ? v.stride(0) : v.stride(1);
  c = std::remove_reference_t<decltype(c)>(v.data(), Kokkos::LayoutStride(e0, s0, e1, s1));
  return swap;
}

/// The TeamPolicy a stencil kernel with block `Tile` launches with on `Engine`.
template <class ExecSpace, class Engine, class Tile>
using StencilPolicy =
    Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<tile_loop_team_size<Engine>(Tile::threads), Tile::min_teams>>;

template <class Kernel, class Engine, int S, class Tile, class ExecSpace>
std::string stencil_launch(ExecSpace const& space, Kernel const& kernel, std::int64_t league, bool forced,
                           char const* name, std::string const& variant = {}) {
  constexpr int team_size = tile_loop_team_size<Engine>(Tile::threads);
  constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, S, decltype(kernel.src)>();
  using Policy = StencilPolicy<ExecSpace, Engine, Tile>;
  using Source = decltype(kernel.src);
  std::string const what = "etage::" + std::string(name) + "<" + std::string(Engine::name) + ", " +
                           std::to_string(S) + " stages, " + std::to_string(Tile::bo) + "x" +
                           std::to_string(Tile::bi) + " block, " + std::to_string(Tile::threads) +
                           " threads, box " + std::to_string(Source::box0) + "x" + std::to_string(Source::box1) +
                           (Tile::input_eviction != L2Eviction::Normal && Engine::l2_eviction_hints
                                ? ", input " + std::string(l2_eviction_name(Tile::input_eviction))
                                : std::string()) +
                           (!variant.empty() ? ", " + variant : std::string()) +
                           "> (the stage count and StencilTile's block, HaloBytes and Threads set the team scratch and "
                           "team size)";
  return enqueue_teams<Policy>(space, kernel, league, team_size, scratch, what, forced);
}

template <class ExecSpace, class Engine, int Stages, class Tile, class T, class Mem>
std::string stencil_2d_run(ExecSpace const& space, CanonicalIn<T, Mem> const& in, CanonicalOut2<T, Mem> const& out,
                           StarWeights<T> const& w, T b, bool forced) {
  constexpr int S = stencil_stages<Engine, Stages, Tile>;
  if constexpr (!engine_compiles<Engine, S, Tile::threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads);
  } else {
    if (auto why = engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads); !why.empty()) return why;
    auto src = make_tile_source<Tile::bo + 2, Tile::bi + 2 * stencil_halo_columns<ExecSpace, Tile, T>>(in);
    LaunchResources res;
    if (auto why = EngineSupport<Engine, ExecSpace>::prepare(src, res); !why.empty()) return "in: " + why;
    std::int64_t const ny = in.extent(0), nx = in.extent(1);
    std::int64_t const blocks_x = (nx + Tile::bi - 1) / Tile::bi, blocks = (ny + Tile::bo - 1) / Tile::bo * blocks_x;
    constexpr int team_size = tile_loop_team_size<Engine>(Tile::threads);
    std::int64_t const league =
        is_host_space<ExecSpace>
            ? league_for(space, blocks, team_size)
            : chunked_league(blocks, concurrent_teams(space, team_size), stencil_2d_blocks_per_team).league;
    auto launch = [&](auto guard) {
      constexpr bool Guard = decltype(guard)::value;
      Stencil2DKernel<Engine, S, Tile, decltype(src), CanonicalOut2<T, Mem>, Guard> kernel{
          src, out, w.template with_guard<Guard>(), b, ny, nx, blocks_x, blocks, league, vector_stores(out, 1)};
      return stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, league, forced, "stencil_2d");
    };
    // The 2D kernel uses the in-plane weights only.
    bool const guard = w.ym == T(0) || w.yp == T(0) || w.xm == T(0) || w.xp == T(0);
    return guard ? launch(std::true_type{}) : launch(std::false_type{});
  }
}

template <class ExecSpace, class Engine, int Stages, class Tile, class T, class Mem>
std::string stencil_3d_run(ExecSpace const& space, CanonicalIn<T, Mem> const& in2d, CanonicalOut3<T, Mem> const& out,
                           StarWeights<T> const& w, T b, bool forced) {
  constexpr int S = stencil_stages<Engine, Stages, Tile>;
  if constexpr (!engine_compiles<Engine, S, Tile::threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads);
  } else {
    if (auto why = engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads); !why.empty()) return why;
    auto src = make_tile_source<Tile::bo + 2, Tile::bi + 2 * stencil_halo_columns<ExecSpace, Tile, T>>(in2d);
    LaunchResources res;
    if (auto why = EngineSupport<Engine, ExecSpace>::prepare(src, res); !why.empty()) return "in: " + why;
    std::int64_t const nz = out.extent(0), ny = out.extent(1), nx = out.extent(2);
    std::int64_t const blocks_x = (nx + Tile::bi - 1) / Tile::bi, blocks = (ny + Tile::bo - 1) / Tile::bo * blocks_x;
    // About three times the teams the space runs at once by its thread count (stencil_3d_teams_per_slot),
    // each streaming >= 8 planes (2 extra plane loads each).
    std::int64_t const target =
        stencil_3d_teams_per_slot * concurrent_teams(space, tile_loop_team_size<Engine>(Tile::threads));
    std::int64_t const ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));
    bool const vector_out = vector_stores(out, 2);
    auto launch = [&](auto guard) {
      constexpr bool Guard = decltype(guard)::value;
      auto run = [&](auto point_path) {
        using Kernel =
            Stencil3DKernel<Engine, S, Tile, decltype(src), CanonicalOut3<T, Mem>, Guard, decltype(point_path)::value>;
        Kernel kernel{src, out, w.template with_guard<Guard>(), b, nz, ny, nx, blocks_x, blocks, ranges, vector_out};
        // One wave: the teams that run at once (the occupancy calculator; 0 where it has none,
        // the host spaces).
        constexpr int team_size = tile_loop_team_size<Engine>(Tile::threads);
        std::int64_t const resident = ConcurrentTeams<ExecSpace>::template count<StencilPolicy<ExecSpace, Engine, Tile>, Kernel>(
            space, team_size, tile_loop_scratch_bytes<Engine, S, decltype(src)>());
        // The league in stripes of one wave of blocks (stencil_3d_work).
        kernel.stripe_blocks = resident;
        if constexpr (Tile::input_eviction == L2Eviction::Last && Engine::l2_eviction_hints) {
          // Else what the thread count allows, an upper bound.
          kernel.l2_demote_teams = resident > 0 ? resident : concurrent_teams(space, team_size);
        }
        // The label says which of the two kernels runs, whether the league goes in stripes,
        // and which teams demote L2 lines (tests read it).
        std::string variant = decltype(point_path)::value ? "" : "runs only";
        auto const add = [&](std::string const& part) { variant += (variant.empty() ? "" : ", ") + part; };
        if (resident > 0 && resident < blocks) add("league in stripes of " + std::to_string(resident) + " blocks");
        if (kernel.l2_demote_teams > 0)
          add("the last " + std::to_string(kernel.l2_demote_teams) + " teams demote the L2 lines of their last " +
              std::to_string(stencil_3d_l2_demote_planes) + " planes");
        return stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, blocks * ranges, forced, "stencil_3d",
                                                                 variant);
      };
      using WithPoints = Stencil3DKernel<Engine, S, Tile, decltype(src), CanonicalOut3<T, Mem>, Guard, true>;
      if constexpr (WithPoints::runs) {
        if (WithPoints::all_runs(vector_out, nx)) return run(std::false_type{});
      }
      return run(std::true_type{});
    };
    bool const guard = w.zm == T(0) || w.zp == T(0) || w.ym == T(0) || w.yp == T(0) || w.xm == T(0) || w.xp == T(0);
    return guard ? launch(std::true_type{}) : launch(std::false_type{});
  }
}

/// Compile-time checks of a stencil call (rank-`Rank` in and out views, float or double,
/// out writable, both accessible from ExecSpace, a forced engine's stage count in range).
template <int Rank, class Engine, int Stages, class ExecSpace, class InV, class OutV>
struct StencilChecks {
  using T = typename OutV::non_const_value_type;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "etage stencils: value type must be float or double");
  static_assert(InV::rank() == Rank && OutV::rank() == Rank,
                "etage stencils: in and out must be rank-2 views (stencil_2d) or rank-3 views (stencil_3d)");
  static_assert(std::is_same_v<typename InV::non_const_value_type, T>, "etage stencils: in and out must have the same value type");
  static_assert(!std::is_const_v<typename OutV::value_type>, "etage stencils: out must be writable");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename InV::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename OutV::memory_space>::accessible,
                "etage stencils: in and out must be accessible from the execution space");
  static constexpr bool stages_ok() {
    if constexpr (std::is_same_v<Engine, engine::Auto> || Stages == 0) return true;
    else return stages_in_range<Engine, Stages>;
  }
  static_assert(stages_ok(), "etage stencils: Stages is outside the engine's range");
};

inline void check_halo(char const* fn, char const* side, int h, std::size_t extent, char const* extent_name) {
  std::string const what = std::string("etage::") + fn + ": halo " + side + " = " + std::to_string(h);
  if (h < 0) throw InvalidArgument(what + " is negative");
  if (extent > 0 && std::size_t(h) > extent)
    throw InvalidArgument(what + " is wider than the grid (" + extent_name + " = " + std::to_string(extent) + ")");
  if (h > 1) throw InvalidArgument(what + " exceeds the stencil radius 1");
}

inline void check_sweeps(char const* fn, int sweeps) {
  if (sweeps < 1)
    throw InvalidArgument(std::string("etage::") + fn + ": sweeps = " + std::to_string(sweeps) + " must be >= 1");
}

/// Fences `space` when destroyed, if `active`.
template <class ExecSpace>
struct FenceOnExit {
  ExecSpace const& space;
  bool active;
  char const* label;
  FenceOnExit(ExecSpace const& s, bool a, char const* l) : space(s), active(a), label(l) {}
  FenceOnExit(FenceOnExit const&) = delete;
  FenceOnExit& operator=(FenceOnExit const&) = delete;
  ~FenceOnExit() {
    if (active) space.fence(label);
  }
};

/// A padded (rows x cols) scratch grid: rows of a multiple of 16 bytes, so bulk tensor copies
/// can read it back in the next sweep.
template <class T, class Mem>
Kokkos::View<T**, Kokkos::LayoutRight, Mem> padded_grid(std::size_t rows, std::size_t cols) {
  std::size_t const v = 16 / sizeof(T);
  return Kokkos::View<T**, Kokkos::LayoutRight, Mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "etage::stencil::tmp"),
                                                     rows, (cols + v - 1) / v * v);
}

}  // namespace impl

/// One or more Jacobi sweeps of the 2D 5-point star: out = S(in), then out = S(out) ...
///
/// - in, out: rank-2 views of float or double, ny x nx (elements; indexed (y, x)), same
///   extents, any layout (LayoutLeft, LayoutRight, LayoutStride subviews), accessible from
///   ExecSpace; out writable and not overlapping in. Column-major views are processed as
///   their transpose (x and y swapped internally); the result is the same.
/// - w: the five weights. boundary: cells outside the grid read as 0 or a fixed value.
///   halo: width read on each side, 0 or 1 (0: that neighbour is not read).
/// - sweeps >= 1; more than one allocates one temporary grid (ping-pong, out gets the last).
/// - Engine (engine::Auto default), Stages (0: the block's StencilTile::DefaultStages clamped
///   to the engine's range, else the engine's default), Tile: StencilTile (void:
///   default_stencil_tile). An empty grid is a no-op; a 1x1 grid launches one team.
/// - Bytes per sweep: nx*ny*sizeof(T) read once and written once (see the file comment for
///   the halo overlap).
/// Errors: ExtentMismatch (in and out differ), InvalidArgument (halo negative, wider than the
/// grid or over the radius 1; sweeps < 1; the address ranges of in and out overlapping, a
/// conservative test: disjoint strided views of one allocation may count), UnsupportedEngine,
/// ScratchLimitExceeded / LaunchConfigError (forced engine whose box x stages do not fit).
/// Asynchronous, like Kokkos::parallel_for: the sweeps are enqueued on `space` and out is
/// written once `space` has run them (fence `space`, or deep_copy out, before reading it on
/// the host); with sweeps > 1 the call waits for `space` before it frees its temporary grid.
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class ExecSpace, class InV, class OutV>
void stencil_2d(ExecSpace const& space, InV const& in, OutV const& out,
                Stencil2D<typename OutV::non_const_value_type> const& w,
                StencilBoundary<typename OutV::non_const_value_type> const& boundary = {}, Halo2D const& halo = {},
                int sweeps = 1) {
  using T = typename OutV::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  impl::StencilChecks<2, Engine, Stages, ExecSpace, InV, OutV> checks [[maybe_unused]];
  using TileShape = std::conditional_t<std::is_void_v<Tile>, default_stencil_tile<ExecSpace, T>, Tile>;

  std::size_t const ny = in.extent(0), nx = in.extent(1);
  if (out.extent(0) != ny || out.extent(1) != nx)
    throw ExtentMismatch("etage::stencil_2d: out is " + std::to_string(out.extent(0)) + "x" +
                         std::to_string(out.extent(1)) + " but in is " + std::to_string(ny) + "x" + std::to_string(nx));
  impl::check_halo("stencil_2d", "y_lo", halo.y_lo, ny, "ny");
  impl::check_halo("stencil_2d", "y_hi", halo.y_hi, ny, "ny");
  impl::check_halo("stencil_2d", "x_lo", halo.x_lo, nx, "nx");
  impl::check_halo("stencil_2d", "x_hi", halo.x_hi, nx, "nx");
  impl::check_sweeps("stencil_2d", sweeps);
  if (ny == 0 || nx == 0) return;
  if (views_overlap(in, out))
    throw InvalidArgument("etage::stencil_2d: the address ranges of in and out overlap; the sweep is out of place");

  impl::CanonicalIn<T, Mem> cin;
  bool const swap = impl::canonical_2d<T const**, Mem>(in, cin);
  // out is written in in's orientation, whatever its own layout.
  impl::CanonicalOut2<T, Mem> const cout(out.data(), swap ? Kokkos::LayoutStride(nx, out.stride(1), ny, out.stride(0))
                                                          : Kokkos::LayoutStride(ny, out.stride(0), nx, out.stride(1)));
  // Canonical (rows, cols): swapped views read x as rows.
  impl::StarWeights<T> wt{w.center, 0, 0, halo.y_lo ? w.y_minus : T(0), halo.y_hi ? w.y_plus : T(0),
                          halo.x_lo ? w.x_minus : T(0), halo.x_hi ? w.x_plus : T(0)};
  if (swap) wt = {wt.c, 0, 0, wt.xm, wt.xp, wt.ym, wt.yp};
  T const b = boundary.kind == BoundaryKind::Fixed ? boundary.value : T(0);

  Kokkos::View<T**, Kokkos::LayoutRight, Mem> tmp;
  impl::CanonicalOut2<T, Mem> ctmp;
  if (sweeps > 1) {
    tmp = impl::padded_grid<T, Mem>(cin.extent(0), cin.extent(1));
    ctmp = impl::CanonicalOut2<T, Mem>(tmp.data(), Kokkos::LayoutStride(cin.extent(0), tmp.stride(0), cin.extent(1), 1));
  }
  // Declared after tmp, so destroyed first: waits for the queued sweeps before tmp is freed
  // (also when a later sweep throws).
  impl::FenceOnExit<ExecSpace> const wait_before_free{space, sweeps > 1, "etage::stencil_2d: freeing the temporary grid"};
  impl::CanonicalIn<T, Mem> src = cin;
  for (int s = 0; s < sweeps; ++s) {
    impl::CanonicalOut2<T, Mem> const dst = (sweeps - 1 - s) % 2 == 0 ? cout : ctmp;
    impl::run_engine<Engine, ExecSpace>("etage::stencil_2d", [&](auto engine) {
      using E = decltype(engine);
      return impl::stencil_2d_run<ExecSpace, E, Stages, TileShape, T, Mem>(space, src, dst, wt, b,
                                                                             !std::is_same_v<Engine, engine::Auto>);
    });
    src = impl::CanonicalIn<T, Mem>(dst.data(), Kokkos::LayoutStride(dst.extent(0), dst.stride(0), dst.extent(1), dst.stride(1)));
  }
}

/// One or more Jacobi sweeps of the 3D 7-point star.
///
/// - in, out: rank-3 views of float or double, nz x ny x nx (indexed (z, y, x)), same
///   extents, accessible from ExecSpace; out writable (any layout), not overlapping in. `in`
///   must be readable as a 2D view of planes of rows: row-major (stride(2) the smallest),
///   stride(0) = ny * stride(1), read as (nz*ny) x nx; column-major (stride(0) the smallest),
///   stride(2) = ny * stride(1), read as (nx*ny) x nz, with x and z swapped (weights and halos
///   swapped too). Every LayoutRight and LayoutLeft view qualifies, and so do subviews that
///   window only the dimension with the smallest stride (padded rows).
/// - sweeps: as for stencil_2d; with 3 or more, when out cannot be read as a 2D view itself
///   (a layout other than in's, a y window), a second temporary grid is allocated.
/// - w, boundary, halo (each side 0 or 1), Engine, Stages: as for stencil_2d; Tile:
///   StencilTile (void: default_stencil_tile_3d, at its default of 3 stages on a GPU; with
///   Stages > 3, default_stencil_tile_3d_deep; where the engine runs 1 or 2 stages, forced
///   or its most (RegisterDoubleBuffer), default_stencil_tile_3d_shallow).
/// - Bytes per sweep: nx*ny*nz*sizeof(T) read once and written once.
/// - Speed depends on the extents and on the row pitch (elements between the starts of
///   consecutive rows). Measured on the H200, default block, floats, % of a device copy of the
///   same bytes (perf/NOTES.md, memory attempt 30, probe): 808^3 unpadded 90.2 %; the same grid
///   as a subview of rows of 816 / 832 / 896 / 1024 elements 89.2 / 87.3 / 84.7 / 82.0 %;
///   512 x 1024 x 1024 unpadded (4 KiB rows) 85.3 %, as a subview of rows of 1056 elements
///   87.1 %. Padding cost at nx = 808 and helped at nx = 1024; no rule is established.
/// Errors: as for stencil_2d, plus InvalidArgument when `in` cannot be read as a 2D view.
/// Asynchronous as stencil_2d.
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class ExecSpace, class InV, class OutV>
void stencil_3d(ExecSpace const& space, InV const& in, OutV const& out,
                Stencil3D<typename OutV::non_const_value_type> const& w,
                StencilBoundary<typename OutV::non_const_value_type> const& boundary = {}, Halo3D const& halo = {},
                int sweeps = 1) {
  using T = typename OutV::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  impl::StencilChecks<3, Engine, Stages, ExecSpace, InV, OutV> checks [[maybe_unused]];

  std::size_t const nz = in.extent(0), ny = in.extent(1), nx = in.extent(2);
  if (out.extent(0) != nz || out.extent(1) != ny || out.extent(2) != nx)
    throw ExtentMismatch("etage::stencil_3d: out is " + std::to_string(out.extent(0)) + "x" +
                         std::to_string(out.extent(1)) + "x" + std::to_string(out.extent(2)) + " but in is " +
                         std::to_string(nz) + "x" + std::to_string(ny) + "x" + std::to_string(nx));
  impl::check_halo("stencil_3d", "z_lo", halo.z_lo, nz, "nz");
  impl::check_halo("stencil_3d", "z_hi", halo.z_hi, nz, "nz");
  impl::check_halo("stencil_3d", "y_lo", halo.y_lo, ny, "ny");
  impl::check_halo("stencil_3d", "y_hi", halo.y_hi, ny, "ny");
  impl::check_halo("stencil_3d", "x_lo", halo.x_lo, nx, "nx");
  impl::check_halo("stencil_3d", "x_hi", halo.x_hi, nx, "nx");
  impl::check_sweeps("stencil_3d", sweeps);
  if (nz == 0 || ny == 0 || nx == 0) return;
  if (views_overlap(in, out))
    throw InvalidArgument("etage::stencil_3d: the address ranges of in and out overlap; the sweep is out of place");

  // Canonical order: the dimension with the smallest stride last (column-major views swap z
  // and x; the star is symmetric under the swap when the weights and halos swap too).
  std::size_t const e[3] = {nz, ny, nx};
  std::size_t const si[3] = {in.stride(0), in.stride(1), in.stride(2)};
  std::size_t const so[3] = {out.stride(0), out.stride(1), out.stride(2)};
  bool const swap = nx > 1 ? si[2] > si[0] && nz > 1 : nz > 1 && si[0] == 1;
  int const d0 = swap ? 2 : 0, d2 = swap ? 0 : 2;
  std::size_t const cz = e[d0], cy = e[1], cx = e[d2];
  if (cz > 1 && cy > 1 && si[d0] != cy * si[1]) {
    // Named in the caller's dimensions: d0 is x when the view is column-major (swapped).
    char const* const outer = swap ? "x" : "z";
    std::size_t const n_inner = swap ? nz : nx;
    std::string const view = swap ? "(nx*ny) x nz (the layout is column-major)" : "(nz*ny) x nx (the layout is row-major)";
    throw InvalidArgument("etage::stencil_3d: in cannot be read as a 2D view of " + view + ": stride of " + outer +
                          " is " + std::to_string(si[d0]) + " elements (dimension " + std::to_string(d0) +
                          "), expected ny * stride of y = " + std::to_string(cy) + " * " + std::to_string(si[1]) + " = " +
                          std::to_string(cy * si[1]) + " (" + (swap ? "nz" : "nx") + " = " + std::to_string(n_inner) +
                          "; a window of y breaks this, a window of " + (swap ? "z" : "x") + " does not)");
  }
  std::size_t const row_stride = cy > 1 ? si[1] : cz > 1 ? si[d0] : si[1];
  impl::CanonicalIn<T, Mem> cin(in.data(), Kokkos::LayoutStride(cz * cy, row_stride, cx, si[d2]));
  impl::CanonicalOut3<T, Mem> cout(out.data(), Kokkos::LayoutStride(cz, so[d0], cy, so[1], cx, so[d2]));
  impl::StarWeights<T> wt{w.center,
                          halo.z_lo ? w.z_minus : T(0),
                          halo.z_hi ? w.z_plus : T(0),
                          halo.y_lo ? w.y_minus : T(0),
                          halo.y_hi ? w.y_plus : T(0),
                          halo.x_lo ? w.x_minus : T(0),
                          halo.x_hi ? w.x_plus : T(0)};
  if (swap) wt = {wt.c, wt.xm, wt.xp, wt.ym, wt.yp, wt.zm, wt.zp};
  T const b = boundary.kind == BoundaryKind::Fixed ? boundary.value : T(0);

  // With sweeps >= 3 the ping-pong reads out back as an input, which needs out readable as a
  // 2D (nz*ny) x nx view; when it is not (a layout other than in's, a y window ...), the
  // intermediate sweeps alternate between two temporary grids instead.
  bool const out_readable = !(cz > 1 && cy > 1 && cout.stride(0) != cy * cout.stride(1));
  auto const canonical = [&](Kokkos::View<T**, Kokkos::LayoutRight, Mem> const& t) {
    return impl::CanonicalOut3<T, Mem>(t.data(), Kokkos::LayoutStride(cz, cy * t.stride(0), cy, t.stride(0), cx, 1));
  };
  Kokkos::View<T**, Kokkos::LayoutRight, Mem> tmp, tmp2;
  impl::CanonicalOut3<T, Mem> ctmp, ctmp2;
  if (sweeps > 1) ctmp = canonical(tmp = impl::padded_grid<T, Mem>(cz * cy, cx));
  if (sweeps > 2 && !out_readable) ctmp2 = canonical(tmp2 = impl::padded_grid<T, Mem>(cz * cy, cx));
  // Declared after the temporaries, so destroyed first: waits for the queued sweeps before
  // they are freed (also when a later sweep throws).
  impl::FenceOnExit<ExecSpace> const wait_before_free{space, sweeps > 1, "etage::stencil_3d: freeing the temporary grid"};
  impl::CanonicalIn<T, Mem> src = cin;
  for (int s = 0; s < sweeps; ++s) {
    // The last sweep writes out; before it, out (when readable) or the two temporaries take
    // turns, so that sweep s + 1 never reads the grid it writes.
    bool const to_out = s + 1 == sweeps || (out_readable && (sweeps - 1 - s) % 2 == 0);
    impl::CanonicalOut3<T, Mem> const dst = to_out ? cout : out_readable || s % 2 == 0 ? ctmp : ctmp2;
    impl::run_engine<Engine, ExecSpace>("etage::stencil_3d", [&](auto engine) {
      using E = decltype(engine);
      // Without a block, each engine gets the block that suits the stage count it resolves to.
      using Block = impl::stencil_3d_block<ExecSpace, E, Stages, Tile, T>;
      return impl::stencil_3d_run<ExecSpace, E, Stages, Block, T, Mem>(space, src, dst, wt, b,
                                                                             !std::is_same_v<Engine, engine::Auto>);
    });
    if (s + 1 < sweeps) {
      std::size_t const rs = cy > 1 ? dst.stride(1) : dst.stride(0);
      src = impl::CanonicalIn<T, Mem>(dst.data(), Kokkos::LayoutStride(cz * cy, rs, cx, dst.stride(2)));
    }
  }
}

/// stencil_2d / stencil_3d on the default instance of out's execution space.
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class InV, class OutV>
void stencil_2d(InV const& in, OutV const& out, Stencil2D<typename OutV::non_const_value_type> const& w,
                StencilBoundary<typename OutV::non_const_value_type> const& boundary = {}, Halo2D const& halo = {},
                int sweeps = 1) {
  stencil_2d<Engine, Stages, Tile>(typename OutV::execution_space{}, in, out, w, boundary, halo, sweeps);
}
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class InV, class OutV>
void stencil_3d(InV const& in, OutV const& out, Stencil3D<typename OutV::non_const_value_type> const& w,
                StencilBoundary<typename OutV::non_const_value_type> const& boundary = {}, Halo3D const& halo = {},
                int sweeps = 1) {
  stencil_3d<Engine, Stages, Tile>(typename OutV::execution_space{}, in, out, w, boundary, halo, sweeps);
}

}  // namespace etage
