/// Effective bandwidth of the memory-bound etage algorithms (transpose, 2D/3D Jacobi
/// stencils, the sum, dot and max reductions) on every engine and stage count, next to a
/// device-to-device copy of the same byte count measured in the same process, and to plain
/// Kokkos RangePolicy/MDRangePolicy versions of the same computations.
///
/// Names: BM_Transpose<Engine>/stages:S/M:m/N:n, BM_Stencil2D<Engine>/stages:S/NY:../NX:..,
/// BM_Stencil3D<Engine>/stages:S/NZ:../NY:../NX:.., BM_Reduce<Engine>/stages:S/N:n (the sum),
/// BM_Dot<Engine>/stages:S/N:n (x and y of n elements each), BM_Max<Engine>/stages:S/N:n
/// (stencil blocks other than the defaults: <Engine BOxBI>, <Engine BOxBI THt> with TH
/// consumer threads other than 256, then " N/SM", N = StencilTile's MinTeams, then " halo HB"
/// with a column halo of HB bytes instead of the space's; the default 3D block on a GPU, 16x128, fits 3
/// stages, so BM_Stencil3D<Engine>/stages:S with S > 3 runs the 16x64 2/SM block,
/// etage::default_stencil_tile_3d_deep, and with S <= 2 the 24x128 2/SM block,
/// etage::default_stencil_tile_3d_shallow; transpose tiles or teams other than the default: <Engine TDxTD> or
/// <Engine TDxTD THt N/SM>, TH consumer threads, register room for N teams per SM). BM_Reduce,
/// BM_Dot and BM_Max time the reduction into a device view (asynchronous, as every other
/// algorithm here);
/// BM_Reduce<Engine value> the form that returns the value (a fence per call); peers
/// BM_Copy/bytes:B (Kokkos::deep_copy of B bytes: B read + B written),
/// BM_KokkosRange<Transpose|Stencil2D|Stencil3D|Reduce|Dot|Max>/stages:0/... (one point per
/// index; for the reductions a plain parallel_reduce) and
/// BM_KokkosRuns<Stencil2D|Stencil3D>/stages:0/... (runs of 4 points per thread, in teams of
/// 8 x 32 threads on a GPU, 3D marching z: runs_stencil2d, runs_stencil3d) and
/// BM_KokkosTiles<Transpose>/stages:0/... (one 64 x 64 tile per team through padded team
/// scratch: tiles_transpose), the tuned plain Kokkos versions. All float, LayoutRight.
/// Counters: bytes/s (bytes that must move: every input element read once, every output
/// element written once; the reductions write nothing, dot reads 2n elements), peer_ratio
/// (bytes/s over BM_Copy's bytes/s for a copy that moves the same number of bytes).
///
/// Timing: manual time; each sample (one iteration, its time the reported time) queues
/// ETAGE_BENCH_BATCH calls (default 8) back to back between a cudaEvent pair on the space's
/// stream (CUDA) or a fenced steady clock (host), after 0.1 s of untimed calls: the
/// steady-state time of a stream of asynchronous calls, for etage and the copy peer alike.
/// Counter host_us: the host's microseconds inside one call (with ETAGE_BENCH_BATCH=1 the
/// device also waits for them). The default CUDA operands are >= 1 GiB, 20x the H200's L2,
/// so no input rotation.
/// Each etage configuration is checked once against the Kokkos range version (exact for the
/// transpose; the sums against a double-precision range sum, within 1e-3 relative); a wrong
/// kernel is reported as an error, never as a number.
///
/// Environment (comma lists; unset = defaults):
///   ETAGE_BENCH_MIB=16,64     operand sizes in MiB (CUDA default 1024,2048; host default
///                             host_default_mib(): 4x the last-level cache, 64..1024)
///   ETAGE_BENCH_STAGES=1,2    stage counts, intersected with each engine's list
///   ETAGE_BENCH_BATCH=8       calls queued per timed sample (1: one call per sample)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

// Named namespace (not anonymous): nvcc's extended lambdas need an enclosing function with
// external linkage.

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <etage/algorithms/reduce.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/algorithms/transpose.hpp>
#include <etage/etage.hpp>

#if ETAGE_HAS_CUDA_ENGINES
#include <cuda_runtime.h>
#endif


namespace etage_bench_memory {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;
using T = float;
using Vec = Kokkos::View<T*, Memory>;
using Mat = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
using Cube = Kokkos::View<T***, Kokkos::LayoutRight, Memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

using etage_bench::CallTimer;
using etage_bench::env_ints;

// ---------------------------------------------------------------------------------------
// Problems: shapes derived from one operand size, buffers shared by every benchmark
// ---------------------------------------------------------------------------------------

/// Reduce is the sum; Dot reads x and y (n elements each); Max the largest element.
enum class Algo { Transpose, Stencil2D, Stencil3D, Reduce, Dot, Max };

/// Whether `a` is a reduction (one or two vectors in, one value out).
constexpr bool is_reduction(Algo a) { return a == Algo::Reduce || a == Algo::Dot || a == Algo::Max; }

struct Problem {
  Algo algo;
  std::int64_t d0, d1, d2;  // transpose m, n; stencil2d ny, nx; stencil3d nz, ny, nx; reductions n
  std::int64_t elements() const {
    switch (algo) {
      case Algo::Transpose: case Algo::Stencil2D: return d0 * d1;
      case Algo::Stencil3D: return d0 * d1 * d2;
      default: return d0;
    }
  }
  /// Bytes that must move: inputs read once, outputs written once (the sum and max read n
  /// elements, dot 2n, the others read and write every element).
  double bytes() const {
    return double(sizeof(T)) * double(elements()) * (algo == Algo::Reduce || algo == Algo::Max ? 1 : 2);
  }
};

Problem problem_for(Algo a, std::int64_t mib) {
  std::int64_t const n = mib * (std::int64_t(1) << 20) / std::int64_t(sizeof(T));
  switch (a) {
    case Algo::Transpose:
    case Algo::Stencil2D: {
      std::int64_t const side = std::max<std::int64_t>(32, std::int64_t(std::sqrt(double(n))) / 32 * 32);
      return {a, side, side, 1};
    }
    case Algo::Stencil3D: {
      std::int64_t const side = std::max<std::int64_t>(8, std::int64_t(std::cbrt(double(n))) / 8 * 8);
      return {a, side, side, side};
    }
    default: return {a, n, 1, 1};
  }
}

/// Input, output and reference buffers of the largest operand size in the run.
struct Buffers {
  Vec in, out, ref;
  Vec y;  // dot's second operand (allocated by ensure_dot_operand, its own random values)
  Kokkos::View<T, Memory> result;  // the reductions' result (view form)
  std::size_t elements = 0;
};
Buffers& buffers() {
  static Buffers b;
  return b;
}
void ensure_buffers(Space const& space, std::int64_t elements) {
  Buffers& b = buffers();
  if (b.elements >= std::size_t(elements)) return;
  b = Buffers{};
  b.in = Vec(Kokkos::view_alloc(Kokkos::WithoutInitializing, "in"), elements);
  b.out = Vec(Kokkos::view_alloc(Kokkos::WithoutInitializing, "out"), elements);
  b.ref = Vec(Kokkos::view_alloc(Kokkos::WithoutInitializing, "ref"), elements);
  b.result = Kokkos::View<T, Memory>("result");
  Kokkos::Random_XorShift64_Pool<Space> pool(20240601u);
  Kokkos::fill_random(space, b.in, pool, T(0), T(1));
  space.fence("etage::bench::fill");
  b.elements = std::size_t(elements);
}
/// Allocates and fills buffers().y (n elements or more) for dot; after ensure_buffers.
void ensure_dot_operand(Space const& space, std::int64_t n) {
  Buffers& b = buffers();
  if (b.y.extent(0) >= std::size_t(n)) return;
  b.y = Vec();  // the old, smaller y is freed before the new one is allocated
  b.y = Vec(Kokkos::view_alloc(Kokkos::WithoutInitializing, "y"), n);
  Kokkos::Random_XorShift64_Pool<Space> pool(20241129u);
  Kokkos::fill_random(space, b.y, pool, T(-1), T(1));
  space.fence("etage::bench::fill y");
}

// ---------------------------------------------------------------------------------------
// The Kokkos range versions (host peers, and the reference of every check)
// ---------------------------------------------------------------------------------------

/// f(i0, ..., iN-1) for every point of [0, n[0]) x ... x [0, n[N-1]), from a RangePolicy over
/// the row-major flattened index k (the last index fastest) in index type I.
template <class I, class F, std::size_t... D>
void for_each_flat(Space const& space, char const* name, Kokkos::Array<I, sizeof...(D)> const n, F const& f,
                   std::index_sequence<D...>) {
  constexpr int N = sizeof...(D);
  I total = 1;
  for (int d = 0; d < N; ++d) total *= n[d];
  Kokkos::parallel_for(name, Kokkos::RangePolicy<Space, Kokkos::IndexType<I>>(space, 0, total), KOKKOS_LAMBDA(I k) {
    Kokkos::Array<std::int64_t, N> i;
    for (int d = N - 1; d > 0; --d) {
      i[d] = std::int64_t(k % n[d]);
      k /= n[d];
    }
    i[0] = std::int64_t(k);
    f(i[D]...);
  });
}

/// Runs f(i0, ..., iN-1) over [0, n[0]) x ... x [0, n[N-1]) the plain Kokkos way: an
/// MDRangePolicy with Kokkos' defaults on the host; on a GPU a RangePolicy over the row-major
/// flattened index, so that consecutive threads take consecutive last indices, with 32-bit
/// index arithmetic while the point count fits (with a 64-bit division per point the 2D
/// stencil read 35 % of copy, 40 % with 32-bit; the division's cost is the suspected reason,
/// not profiled). Kokkos' CUDA MDRange defaults (Iterate::Left, 2 x 16 tiles) ran at 10 % of
/// copy on the H200 at 92938b2; Iterate::Right with 4 x 128 tiles at 38-40 % and aborted at
/// 2 GiB (perf/NOTES.md, memory attempt 16).
template <std::size_t N, class F>
void for_each_point(Space const& space, char const* name, Kokkos::Array<std::int64_t, N> const& n, F const& f) {
  if constexpr (etage::impl::is_host_space<Space>) {
    using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<N>>;
    typename Policy::point_type lo{}, hi{};
    for (std::size_t d = 0; d < N; ++d) lo[d] = 0, hi[d] = n[d];
    Kokkos::parallel_for(name, Policy(space, lo, hi), f);
  } else {
    std::int64_t total = 1;
    Kokkos::Array<std::uint32_t, N> n32;
    for (std::size_t d = 0; d < N; ++d) total *= n[d], n32[d] = std::uint32_t(n[d]);
    if (total <= std::numeric_limits<std::int32_t>::max())
      for_each_flat<std::uint32_t>(space, name, n32, f, std::make_index_sequence<N>{});
    else
      for_each_flat<std::int64_t>(space, name, n, f, std::make_index_sequence<N>{});
  }
}

void range_transpose(Space const& space, Problem const& p, T* out) {
  Mat a(buffers().in.data(), p.d0, p.d1), b(out, p.d1, p.d0);
  for_each_point<2>(space, "etage::bench::range_transpose", {p.d1, p.d0},
                    KOKKOS_LAMBDA(std::int64_t j, std::int64_t i) { b(j, i) = a(i, j); });
}

void range_stencil2d(Space const& space, Problem const& p, T* out) {
  Mat u(buffers().in.data(), p.d0, p.d1), v(out, p.d0, p.d1);
  std::int64_t const ny = p.d0, nx = p.d1;
  for_each_point<2>(
      space, "etage::bench::range_stencil2d", {ny, nx}, KOKKOS_LAMBDA(std::int64_t y, std::int64_t x) {
        T const n = y > 0 ? u(y - 1, x) : T(0), s = y + 1 < ny ? u(y + 1, x) : T(0);
        T const w = x > 0 ? u(y, x - 1) : T(0), e = x + 1 < nx ? u(y, x + 1) : T(0);
        v(y, x) = T(0.25) * n + T(0.25) * s + T(0.25) * w + T(0.25) * e;
      });
}

void range_stencil3d(Space const& space, Problem const& p, T* out) {
  Cube u(buffers().in.data(), p.d0, p.d1, p.d2), v(out, p.d0, p.d1, p.d2);
  std::int64_t const nz = p.d0, ny = p.d1, nx = p.d2;
  T const c = T(1) / T(6);
  for_each_point<3>(
      space, "etage::bench::range_stencil3d", {nz, ny, nx}, KOKKOS_LAMBDA(std::int64_t z, std::int64_t y, std::int64_t x) {
        T const zm = z > 0 ? u(z - 1, y, x) : T(0), zp = z + 1 < nz ? u(z + 1, y, x) : T(0);
        T const ym = y > 0 ? u(z, y - 1, x) : T(0), yp = y + 1 < ny ? u(z, y + 1, x) : T(0);
        T const xm = x > 0 ? u(z, y, x - 1) : T(0), xp = x + 1 < nx ? u(z, y, x + 1) : T(0);
        v(z, y, x) = c * zm + c * zp + c * ym + c * yp + c * xm + c * xp;
      });
}

// ---------------------------------------------------------------------------------------
// The stencils as plain Kokkos code in the shape of the fastest hand-written kernels
// ---------------------------------------------------------------------------------------

/// z planes each index of runs_stencil3d marches over.
constexpr std::int64_t runs_planes = 8;

/// f(i0, i1) over [0, n0) x [0, n1). On a GPU, teams of 8 x 32 (i0 x i1) threads, one point
/// each, i1 fastest within a warp: the shape of a CUDA block of 32 x 8 threads, whose rows
/// above and below one another share L1. With one row per block the plain CUDA stencils read
/// 84-86 % of copy instead of 92-97 % (perf/NOTES.md, memory attempt 19, run H); this peer
/// as a flat RangePolicy (one row per block) read 78-84 %, in these teams 79-91 % (run I).
/// On the host, for_each_point.
template <class F>
void for_each_in_blocks(Space const& space, char const* name, std::int64_t n0, std::int64_t n1, F const& f) {
  if constexpr (etage::impl::is_host_space<Space>) {
    for_each_point<2>(space, name, {n0, n1}, f);
  } else {
    constexpr int rows = 8, cols = 32;
    std::int64_t const t1 = (n1 + cols - 1) / cols, teams = (n0 + rows - 1) / rows * t1;
    using Member = Kokkos::TeamPolicy<Space>::member_type;
    Kokkos::parallel_for(name, Kokkos::TeamPolicy<Space>(space, teams, rows * cols), KOKKOS_LAMBDA(Member const& m) {
      std::int64_t const t = m.league_rank();
      int const k = m.team_rank();
      std::int64_t const i0 = (t / t1) * rows + k / cols, i1 = (t % t1) * cols + k % cols;
      if (i0 < n0 && i1 < n1) f(i0, i1);
    });
  }
}

/// The stencils without etage, as plain Kokkos kernels in the shape of the plain CUDA
/// kernels that read 97-98 % (2D) and 92-95 % (3D) of copy on the H200 (perf/NOTES.md,
/// memory attempt 19): each point (y, r) of for_each_in_blocks computes a run of 4
/// consecutive x points with 16-byte loads and one 16-byte store (etage::Vec), and its
/// neighbours come through the caches; in 3D each (z range, y, r) marches z over runs_planes
/// planes, keeping the planes below and at z in registers. Zero outside the grid, like the
/// range versions; checked against them like every etage configuration. Needs nx % 4 == 0.
using Run = etage::Vec<T, 4>;

/// The weighted in-plane neighbours (north, south, west, east, in that order) of the run of 4
/// points at element i = (y, x) of an ny x nx plane of `u` whose own values are `c`; zero
/// outside the plane. `sum` holds what is added before them (the 3D stencil's z neighbours).
KOKKOS_INLINE_FUNCTION Run in_plane_run(T const* u, std::int64_t i, std::int64_t y, std::int64_t x, std::int64_t ny,
                                        std::int64_t nx, Run const& c, T w, Run sum) {
  Run const n = y > 0 ? Run::load(u + i - nx) : Run{}, s = y + 1 < ny ? Run::load(u + i + nx) : Run{};
  T const xm = x > 0 ? u[i - 1] : T(0), xp = x + 4 < nx ? u[i + 4] : T(0);
  for (int k = 0; k < 4; ++k)
    sum.v[k] += w * n.v[k] + w * s.v[k] + w * (k == 0 ? xm : c.v[k - 1]) + w * (k == 3 ? xp : c.v[k + 1]);
  return sum;
}

void runs_stencil2d(Space const& space, Problem const& p, T* out) {
  T const* const u = buffers().in.data();
  std::int64_t const ny = p.d0, nx = p.d1;
  T const w = T(0.25);
  for_each_in_blocks(
      space, "etage::bench::runs_stencil2d", ny, nx / 4, KOKKOS_LAMBDA(std::int64_t y, std::int64_t r) {
        std::int64_t const x = 4 * r, i = y * nx + x;
        in_plane_run(u, i, y, x, ny, nx, Run::load(u + i), w, Run{}).store_global(out + i);
      });
}

void runs_stencil3d(Space const& space, Problem const& p, T* out) {
  T const* const u = buffers().in.data();
  std::int64_t const nz = p.d0, ny = p.d1, nx = p.d2, plane = ny * nx;
  T const w = T(1) / T(6);
  // Rows of the blocks: (z range, y) pairs, y fastest.
  for_each_in_blocks(
      space, "etage::bench::runs_stencil3d", (nz + runs_planes - 1) / runs_planes * ny, nx / 4,
      KOKKOS_LAMBDA(std::int64_t row, std::int64_t r) {
        std::int64_t const zc = row / ny, y = row % ny;
        std::int64_t const x = 4 * r, z0 = zc * runs_planes, z1 = z0 + runs_planes < nz ? z0 + runs_planes : nz;
        std::int64_t i = z0 * plane + y * nx + x;
        Run below = z0 > 0 ? Run::load(u + i - plane) : Run{}, c = Run::load(u + i);
        for (std::int64_t z = z0; z < z1; ++z, i += plane) {
          Run const above = z + 1 < nz ? Run::load(u + i + plane) : Run{};
          Run zs;
          for (int k = 0; k < 4; ++k) zs.v[k] = w * below.v[k] + w * above.v[k];
          in_plane_run(u, i, y, x, ny, nx, c, w, zs).store_global(out + i);
          below = c;
          c = above;
        }
      });
}

/// The transpose without etage, as a plain Kokkos team kernel in the shape of the CUDA kernel
/// that read 94-97 % of copy on the H200 (perf/NOTES.md, memory attempt 15, run P): one 64 x 64
/// tile per team (256 threads on a GPU), read with 16-byte loads into a team-scratch tile with
/// rows of 65 (as that kernel's shared tile: 2-way bank conflicts on the transposed reads
/// instead of 16-way), then written with 16-byte stores; tiles numbered along B's contiguous
/// dimension first. Needs m and n to be multiples of 64 (tuned_runner checks). No barrier
/// after the stores: a team handles one league rank (on CUDA a block per rank; on the host
/// one thread).
void tiles_transpose(Space const& space, Problem const& p, T* out) {
  constexpr int td = 64, pitch = td + 1, chunks = td * td / 4;
  using Policy = Kokkos::TeamPolicy<Space>;
  using Member = Policy::member_type;
  using Tile = Kokkos::View<T**, Kokkos::LayoutRight, Space::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  T const* const a = buffers().in.data();
  std::int64_t const m = p.d0, n = p.d1, tiles_m = m / td;
  Policy policy(space, tiles_m * (n / td), etage::impl::is_host_space<Space> ? 1 : 256);
  policy.set_scratch_size(0, Kokkos::PerTeam(Tile::shmem_size(td, pitch)));
  Kokkos::parallel_for("etage::bench::tiles_transpose", policy, KOKKOS_LAMBDA(Member const& team) {
    std::int64_t const i0 = (team.league_rank() % tiles_m) * td, j0 = (team.league_rank() / tiles_m) * td;
    Tile tile(team.team_scratch(0), td, pitch);
    // A(i0 + r, j0 + 4c ...) into tile(r, 4c ...).
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, chunks), [&](int k) {
      int const r = k / (td / 4), c = 4 * (k % (td / 4));
      Run const v = Run::load(a + (i0 + r) * n + j0 + c);
      for (int e = 0; e < 4; ++e) tile(r, c + e) = v.v[e];
    });
    team.team_barrier();
    // B(j0 + r, i0 + 4c ...) = A(i0 + 4c ..., j0 + r) = tile(4c ..., r).
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, chunks), [&](int k) {
      int const r = k / (td / 4), c = 4 * (k % (td / 4));
      Run v;
      for (int e = 0; e < 4; ++e) v.v[e] = tile(c + e, r);
      v.store_global(out + (j0 + r) * m + i0 + c);
    });
  });
}

T range_reduce(Space const& space, Problem const& p) {
  Vec const x = buffers().in;
  T s = 0;
  Kokkos::parallel_reduce("etage::bench::range_reduce", Kokkos::RangePolicy<Space>(space, 0, p.d0),
                          KOKKOS_LAMBDA(std::int64_t i, T & acc) { acc += x(i); }, s);
  return s;
}

T range_dot(Space const& space, Problem const& p) {
  Vec const x = buffers().in, y = buffers().y;
  T s = 0;
  Kokkos::parallel_reduce("etage::bench::range_dot", Kokkos::RangePolicy<Space>(space, 0, p.d0),
                          KOKKOS_LAMBDA(std::int64_t i, T & acc) { acc += x(i) * y(i); }, s);
  return s;
}

T range_max(Space const& space, Problem const& p) {
  Vec const x = buffers().in;
  T m = 0;
  Kokkos::parallel_reduce("etage::bench::range_max", Kokkos::RangePolicy<Space>(space, 0, p.d0),
                          KOKKOS_LAMBDA(std::int64_t i, T & acc) { acc = Kokkos::max(acc, x(i)); }, Kokkos::Max<T>(m));
  return m;
}

/// The computation `config` names, on the shared buffers, output into `out`; a reduction
/// returns its value, or NaN when it left it in buffers().result (the view form, which does
/// not wait).
using Runner = std::function<T(Space const&, Problem const&, T*)>;

enum class ReduceForm { View, Value };

/// Reduction `a` (the sum, dot or max) of the first p.d0 elements of buffers().in (dot: with
/// buffers().y) on Engine at Stages: its value (ReduceForm::Value, which fences), or NaN with
/// the value left in buffers().result (ReduceForm::View, asynchronous).
template <class Engine, int Stages, ReduceForm Form>
T reduction(Algo a, Space const& space, Problem const& p) {
  constexpr int threads = std::is_same_v<Engine, etage::engine::RegisterDoubleBuffer> ? 256 : 0;
  auto const n = std::make_pair(std::int64_t(0), p.d0);
  auto const x = Kokkos::subview(buffers().in, n);
  if constexpr (Form == ReduceForm::Value) {
    if (a == Algo::Dot) return etage::dot<Engine, Stages, threads>(space, x, Kokkos::subview(buffers().y, n));
    if (a == Algo::Max) return etage::max_value<Engine, Stages, threads>(space, x);
    return etage::sum<Engine, Stages, threads>(space, x);
  } else {
    auto const& r = buffers().result;
    if (a == Algo::Dot) etage::dot<Engine, Stages, threads>(space, x, Kokkos::subview(buffers().y, n), r);
    else if (a == Algo::Max) etage::max_value<Engine, Stages, threads>(space, x, r);
    else etage::sum<Engine, Stages, threads>(space, x, r);
    return std::numeric_limits<T>::quiet_NaN();
  }
}

template <class Engine, int Stages, class Tile = void, int TD = 0, ReduceForm Form = ReduceForm::View, int TH = 0,
          int MT = 0>
Runner etage_runner(Algo a) {
  switch (a) {
    case Algo::Transpose:
      return [](Space const& space, Problem const& p, T* out) {
        etage::transpose<Engine, Stages, TD, TH, MT>(space, Mat(buffers().in.data(), p.d0, p.d1), Mat(out, p.d1, p.d0));
        return T(0);
      };
    case Algo::Stencil2D:
      return [](Space const& space, Problem const& p, T* out) {
        etage::stencil_2d<Engine, Stages, Tile>(space, Mat(buffers().in.data(), p.d0, p.d1), Mat(out, p.d0, p.d1),
                                          etage::Stencil2D<T>::jacobi());
        return T(0);
      };
    case Algo::Stencil3D:
      return [](Space const& space, Problem const& p, T* out) {
        etage::stencil_3d<Engine, Stages, Tile>(space, Cube(buffers().in.data(), p.d0, p.d1, p.d2),
                                          Cube(out, p.d0, p.d1, p.d2), etage::Stencil3D<T>::jacobi());
        return T(0);
      };
    default:
      return [a](Space const& space, Problem const& p, T*) { return reduction<Engine, Stages, Form>(a, space, p); };
  }
}

Runner range_runner(Algo a) {
  switch (a) {
    case Algo::Transpose: return [](Space const& s, Problem const& p, T* out) { range_transpose(s, p, out); return T(0); };
    case Algo::Stencil2D: return [](Space const& s, Problem const& p, T* out) { range_stencil2d(s, p, out); return T(0); };
    case Algo::Stencil3D: return [](Space const& s, Problem const& p, T* out) { range_stencil3d(s, p, out); return T(0); };
    case Algo::Dot: return [](Space const& s, Problem const& p, T*) { return range_dot(s, p); };
    case Algo::Max: return [](Space const& s, Problem const& p, T*) { return range_max(s, p); };
    default: return [](Space const& s, Problem const& p, T*) { return range_reduce(s, p); };
  }
}

/// Throws unless `in` and `out` take the 16-byte loads and stores of the tuned Kokkos versions.
void require_16_byte_aligned(T const* out) {
  for (void const* p : {static_cast<void const*>(buffers().in.data()), static_cast<void const*>(out)})
    if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0)
      throw etage::InvalidArgument("etage::bench: the tuned Kokkos peers need 16-byte aligned buffers");
}

/// `Version` on the shared buffers, after checking that they take its 16-byte accesses.
template <void (*Version)(Space const&, Problem const&, T*)>
Runner aligned_runner() {
  return [](Space const& s, Problem const& q, T* out) {
    require_16_byte_aligned(out);
    Version(s, q, out);
    return T(0);
  };
}

/// The tuned plain Kokkos version of an algorithm and its benchmark name: the transpose's
/// 64 x 64 tiles (m and n multiples of 64), the stencils' 16-byte runs (nx a multiple of 4);
/// a null runner otherwise (the reductions' range versions are already plain parallel_reduce).
std::pair<Runner, char const*> tuned_runner(Algo a, Problem const& p) {
  switch (a) {
    case Algo::Transpose:
      if (p.d0 % 64 == 0 && p.d1 % 64 == 0) return {aligned_runner<tiles_transpose>(), "BM_KokkosTiles"};
      break;
    case Algo::Stencil2D:
      if (p.d1 % 4 == 0) return {aligned_runner<runs_stencil2d>(), "BM_KokkosRuns"};
      break;
    case Algo::Stencil3D:
      if (p.d2 % 4 == 0) return {aligned_runner<runs_stencil3d>(), "BM_KokkosRuns"};
      break;
    default: break;
  }
  return {nullptr, ""};
}

/// Checks of each (algorithm, size, configuration): empty when it matched the range version
/// (for the sum and dot: a double-precision range reduction within 1e-3 relative; for max:
/// exactly the range max).
std::map<std::string, std::string>& checks() {
  static std::map<std::string, std::string> c;
  return c;
}

std::string check(Space const& space, Problem const& p, Runner const& run) {
  Buffers& b = buffers();
  Kokkos::deep_copy(space, b.out, std::numeric_limits<T>::quiet_NaN());
  T value = run(space, p, b.out.data());
  space.fence("etage::bench::check");
  if (is_reduction(p.algo) && value != value) Kokkos::deep_copy(value, b.result);
  if (p.algo == Algo::Max) {
    T const ref = range_max(space, p);
    return value == ref ? "" : "wrong max: " + std::to_string(value) + ", Kokkos range " + std::to_string(ref);
  }
  if (is_reduction(p.algo)) {
    // The reference sums in double: a float Kokkos range sum of ~1e8 values in [0, 1) stalls
    // once its partial sums pass 2^24-2^25 on a host with few threads (each adds in sequence).
    Vec const x = b.in, y = b.y;
    bool const dot = p.algo == Algo::Dot;
    double ref = 0;
    Kokkos::parallel_reduce("etage::bench::reference_sum", Kokkos::RangePolicy<Space>(space, 0, p.d0),
                            KOKKOS_LAMBDA(std::int64_t i, double& acc) {
                              acc += dot ? double(x(i)) * double(y(i)) : double(x(i));
                            },
                            ref);
    double const rel = std::abs(double(value) - ref) / std::max(1.0, std::abs(ref));
    return rel <= 1e-3 ? "" : std::string(dot ? "wrong dot: " : "wrong sum: ") + std::to_string(value) +
                                  ", double-precision Kokkos range " + std::to_string(ref);
  }
  range_runner(p.algo)(space, p, b.ref.data());
  space.fence("etage::bench::check");
  Vec const o = b.out, r = b.ref;
  double worst = 0;
  Kokkos::parallel_reduce(
      "etage::bench::compare", Kokkos::RangePolicy<Space>(space, 0, p.elements()),
      KOKKOS_LAMBDA(std::int64_t i, double& m) {
        double const d = Kokkos::abs(double(o(i)) - double(r(i)));
        m = d == d ? Kokkos::max(m, d) : Kokkos::Experimental::infinity<double>::value;
      },
      Kokkos::Max<double>(worst));
  double const tol = p.algo == Algo::Transpose ? 0.0 : 1e-5;
  return worst <= tol ? "" : "wrong result: max |difference| to the Kokkos range version " + std::to_string(worst);
}

// ---------------------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------------------

/// Copy bytes/s per byte count (both directions counted), from BM_Copy or measured here.
std::map<double, double>& copy_rates() {
  static std::map<double, double> r;
  return r;
}

/// Calls queued back to back per timed sample (ETAGE_BENCH_BATCH, default 8): see CallTimer.
int batch() {
  static int const b = env_ints("ETAGE_BENCH_BATCH", {8}).front();
  return b;
}

/// Times `call`: one iteration is one sample of batch() calls (its manual time the sample's
/// device time), so Google Benchmark's times are per batch; sets the counters bytes/s (from
/// `bytes` per call), batch and host_us (the host's microseconds inside one call). Returns
/// bytes/s.
double time_calls(benchmark::State& state, Space const& space, double bytes, std::function<void()> const& call) {
  CallTimer timer;
  auto const warm_until = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  do {
    call();
    space.fence("etage::bench::warm-up");
  } while (std::chrono::steady_clock::now() < warm_until);
  double total = 0, host = 0;
  for (auto _ : state) {
    double const s = batch() * timer.seconds(space, call, batch());
    state.SetIterationTime(s);
    total += s;
    host += timer.host_seconds();
  }
  double const calls = double(state.iterations()) * batch();
  state.counters["bytes/s"] = benchmark::Counter(bytes * batch(), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["batch"] = batch();
  state.counters["host_us"] = state.iterations() > 0 ? 1e6 * host / double(state.iterations()) : 0.0;
  return total > 0 ? bytes * calls / total : 0.0;
}

/// A copy that moves `bytes` (bytes / 2 read, bytes / 2 written): bytes/s.
double copy_rate(Space const& space, double bytes) {
  auto& r = copy_rates();
  if (auto it = r.find(bytes); it != r.end()) return it->second;
  std::int64_t const n = std::int64_t(bytes / 2 / sizeof(T));
  Buffers& b = buffers();
  auto src = Kokkos::subview(b.in, std::make_pair(std::int64_t(0), n));
  auto dst = Kokkos::subview(b.out, std::make_pair(std::int64_t(0), n));
  CallTimer timer;
  Kokkos::deep_copy(space, dst, src);
  space.fence("etage::bench::copy");
  double s = 0;
  for (int i = 0; i < 5; ++i) s += timer.seconds(space, [&] { Kokkos::deep_copy(space, dst, src); }, batch());
  return r[bytes] = 5 * bytes / s;
}

void bm_copy(benchmark::State& state) {
  Space const space;
  try {
    double const bytes = double(state.range(0));
    std::int64_t const n = std::int64_t(bytes / 2 / sizeof(T));
    ensure_buffers(space, n);
    Buffers& b = buffers();
    auto src = Kokkos::subview(b.in, std::make_pair(std::int64_t(0), n));
    auto dst = Kokkos::subview(b.out, std::make_pair(std::int64_t(0), n));
    double const rate = time_calls(state, space, bytes, [&] { Kokkos::deep_copy(space, dst, src); });
    state.counters["peer_ratio"] = 1.0;
    if (rate > 0) copy_rates()[bytes] = rate;
  } catch (std::exception const& e) {
    state.SkipWithError(e.what());
  }
}

/// After the timed calls, every row returns the persisting L2 lines they may leave (evict_last
/// input boxes; the 3D default's demotion leaves few) to normal (etage::reset_l2_persisting_lines,
/// untimed; on the host a fence), so that the next row starts from a plain L2.
void measure(benchmark::State& state, Problem const& p, std::string const& config, Runner const& run) {
  Space const space;
  try {
    ensure_buffers(space, p.elements());
    if (p.algo == Algo::Dot) ensure_dot_operand(space, p.d0);
    if (!config.empty()) {
      auto [it, fresh] = checks().try_emplace(config);
      if (fresh) {
        try {
          it->second = check(space, p, run);
        } catch (etage::Error const& e) {
          it->second = e.what();
        }
      }
      if (!it->second.empty()) {
        state.SkipWithError(it->second.c_str());
        return;
      }
    }
    T* const out = buffers().out.data();
    double const bytes = p.bytes();
    double const rate = time_calls(state, space, bytes, [&] { run(space, p, out); });
    etage::reset_l2_persisting_lines(space);
    double const copy = copy_rate(space, bytes);
    state.counters["peer_ratio"] = copy > 0 ? rate / copy : 0.0;
    state.SetLabel("float");
  } catch (etage::Error const& e) {
    state.SkipWithError(e.what());
  } catch (std::exception const& e) {
    state.SkipWithError((std::string("unexpected error: ") + e.what()).c_str());
  }
}

// ---------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------

char const* algo_name(Algo a) {
  switch (a) {
    case Algo::Transpose: return "Transpose";
    case Algo::Stencil2D: return "Stencil2D";
    case Algo::Stencil3D: return "Stencil3D";
    case Algo::Dot: return "Dot";
    case Algo::Max: return "Max";
    default: return "Reduce";
  }
}

std::vector<std::string> arg_names(Algo a) {
  switch (a) {
    case Algo::Transpose: return {"stages", "M", "N"};
    case Algo::Stencil2D: return {"stages", "NY", "NX"};
    case Algo::Stencil3D: return {"stages", "NZ", "NY", "NX"};
    default: return {"stages", "N"};
  }
}

std::vector<std::int64_t> args(Problem const& p, int stages) {
  switch (p.algo) {
    case Algo::Transpose: case Algo::Stencil2D: return {stages, p.d0, p.d1};
    case Algo::Stencil3D: return {stages, p.d0, p.d1, p.d2};
    default: return {stages, p.d0};
  }
}

struct Config {
  std::string engine;
  int stages;
  Runner (*make)(Algo);
  Algo only = Algo::Reduce;    // with `variant`: the one algorithm it applies to
  bool variant = false;        // a shape or form other than the default
  bool default_2d = false;     // a stencil variant that is stencil_2d's default block and stage
  bool default_3d = false;     // count (its BM_Stencil2D<Engine>/stages:S row), or stencil_3d's
};

/// Whether block (BO, BI, Threads, MinTeams, HaloBytes, input eviction E) is `Block` (its own
/// default stage count aside).
template <class Block, int BO, int BI, int Threads, int MinTeams, int HaloBytes,
          etage::L2Eviction E = etage::L2Eviction::Normal>
constexpr bool same_block() {
  return Block::bo == BO && Block::bi == BI && Block::threads == Threads && Block::min_teams == MinTeams &&
         Block::halo_bytes == HaloBytes && Block::input_eviction == E;
}

/// Whether block (BO, BI, Threads, MinTeams, HaloBytes) at `Stages` is what the plain row of
/// `Engine` at `Stages` runs: 2D, stencil_2d's default block at its own stage count; 3D, the
/// block stencil_3d picks for that engine and stage count (etage::impl::stencil_3d_block).
template <class Engine, int Stages, int BO, int BI, int Threads, int MinTeams, int HaloBytes, etage::L2Eviction E>
constexpr bool is_default_block_2d() {
  using Default = etage::default_stencil_tile<Space, T>;
  return same_block<Default, BO, BI, Threads, MinTeams, HaloBytes, E>() &&
         etage::impl::stencil_stages<Engine, 0, Default> == Stages;
}
template <class Engine, int Stages, int BO, int BI, int Threads, int MinTeams, int HaloBytes, etage::L2Eviction E>
constexpr bool is_default_block_3d() {
  return same_block<etage::impl::stencil_3d_block<Space, Engine, Stages, void, T>, BO, BI, Threads, MinTeams,
                    HaloBytes, E>();
}

template <class Engine, int Stages>
Config config() {
  return {std::string(Engine::name), Stages, &etage_runner<Engine, Stages>};
}

/// A stencil block other than the default: "<Engine> BOxBI" (" N/SM" when it asks for
/// register room for N teams per multiprocessor, " halo HB" with a column halo of HB bytes
/// instead of the space's, etage::stencil_halo_bytes, " evict_last" / " evict_first" with
/// that L2 eviction hint on its input boxes, StencilTile's InputEviction). Not registered for
/// an algorithm whose default block and stage count it is (the plain
/// BM_Stencil<Engine>/stages:S row runs it). Like every row, it is followed by an untimed reset
/// of the persisting L2 lines (measure).
template <class Engine, int Stages, int BO, int BI, int Threads, int MinTeams = 1, int HaloBytes = 0,
          etage::L2Eviction E = etage::L2Eviction::Normal>
Config stencil_config() {
  std::string name = std::string(Engine::name) + " " + std::to_string(BO) + "x" + std::to_string(BI);
  if (Threads != 256) name += " " + std::to_string(Threads) + "t";
  if (MinTeams > 1) name += " " + std::to_string(MinTeams) + "/SM";
  if (HaloBytes > 0) name += " halo " + std::to_string(HaloBytes);
  if (E != etage::L2Eviction::Normal) name += " " + std::string(etage::l2_eviction_name(E));
  return {name,
          Stages,
          &etage_runner<Engine, Stages, etage::StencilTile<BO, BI, Threads, MinTeams, 0, HaloBytes, E>>,
          Algo::Stencil2D,
          true,
          is_default_block_2d<Engine, Stages, BO, BI, Threads, MinTeams, HaloBytes, E>(),
          is_default_block_3d<Engine, Stages, BO, BI, Threads, MinTeams, HaloBytes, E>()};
}

/// A transpose tile or team other than the default: "<Engine> TDxTD" (" THt" with TH
/// consumer threads, " MT/SM" with register room for MT teams per multiprocessor).
template <class Engine, int Stages, int TD, int TH = 0, int MT = 0>
Config transpose_config() {
  std::string name = std::string(Engine::name) + " " + std::to_string(TD) + "x" + std::to_string(TD);
  if (TH > 0) name += " " + std::to_string(TH) + "t";
  if (MT > 0) name += " " + std::to_string(MT) + "/SM";
  return {name, Stages, &etage_runner<Engine, Stages, void, TD, ReduceForm::View, TH, MT>, Algo::Transpose, true};
}

/// The value form of the sum (returns the value, so every call fences): "<Engine> value".
template <class Engine, int Stages>
Config reduce_value_config() {
  return {std::string(Engine::name) + " value", Stages, &etage_runner<Engine, Stages, void, 0, ReduceForm::Value>,
          Algo::Reduce, true};
}

/// The key under which checks() keeps the check of configuration `name` at `stages` on `p`.
std::string check_key(std::string const& name, int stages, Problem const& p) {
  std::ostringstream key;
  key << name << "/" << stages << "/" << p.d0 << "x" << p.d1 << "x" << p.d2;
  return key.str();
}

void add(std::string const& name, Problem const& p, int stages, std::string const& config, Runner run) {
  benchmark::RegisterBenchmark(name.c_str(), [p, config, run](benchmark::State& st) { measure(st, p, config, run); })
      ->ArgNames(arg_names(p.algo))
      ->Args(args(p, stages))
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->ReportAggregatesOnly(true);
}

#if !ETAGE_HAS_CUDA_ENGINES
/// Bytes of the last-level cache: the highest cache level Linux lists under
/// /sys/devices/system/cpu/cpu0/cache (what this machine, or this VM, has), else glibc's
/// sysconf(_SC_LEVEL3_CACHE_SIZE) (which may report the physical host's cache); 0 if unknown.
long last_level_cache_bytes() {
  long best_level = 0, bytes = 0;
  for (int i = 0; i < 16; ++i) {
    std::string const dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    std::ifstream level_file(dir + "level"), size_file(dir + "size");
    long level = 0, size = 0;
    std::string unit;
    if (!(level_file >> level) || !(size_file >> size)) continue;
    size_file >> unit;  // "K" or "M" right after the number, if any
    if (!unit.empty() && (unit[0] == 'K' || unit[0] == 'k')) size <<= 10;
    if (!unit.empty() && (unit[0] == 'M' || unit[0] == 'm')) size <<= 20;
    if (level >= best_level) best_level = level, bytes = size;
  }
#if defined(_SC_LEVEL3_CACHE_SIZE)
  if (bytes <= 0) bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
  return bytes > 0 ? bytes : 0;
}

/// Host operand size (MiB) when ETAGE_BENCH_MIB is unset: four times the last-level cache
/// (so that even the reductions' copy peer, which moves half the operand each way, streams
/// twice the cache), rounded up to 16 MiB, within [64, 1024]: with operands that fit in cache
/// the copy runs at cache speed and every "% of copy" is meaningless.
int host_default_mib() {
  long const cache = last_level_cache_bytes();
  long const mib = (4 * cache + (16l << 20) - 1) / (16l << 20) * 16;
  return int(std::clamp<long>(mib, 64, 1024));
}
#endif

void register_all() {
  using namespace etage::engine;
#if ETAGE_HAS_CUDA_ENGINES
  // Two operand sizes: a call's fixed costs (launch, pipeline fill and drain) weigh twice as
  // much at 1 GiB as at 2 GiB, in etage and in the copy alike.
  std::vector<int> const default_mib{1024, 2048};
  std::vector<Config> const configs{config<Synchronous, 1>(), config<Synchronous, 2>(),
                                    config<RegisterDoubleBuffer, 2>(), config<CpAsync, 2>(),
                                    config<CpAsync, 3>(),         config<CpAsync, 4>(),
                                    config<CpAsync, 6>(),         config<BulkTensor, 2>(),
                                    config<BulkTensor, 3>(),      config<BulkTensor, 4>(),
                                    config<BulkTensor, 6>(),      config<BulkTensor, 8>(),
                                    // Other blocks than the defaults (2D 16x120 at 4 stages
                                    // with register room for 3 teams per SM, 3D 16x128 at 3
                                    // with room for 2 and evict_last input boxes, 24x128 at
                                    // 1-2 and 16x64 above 3, all with the GPU's 32-byte column
                                    // halo): 16x120 with room
                                    // for 2, the former defaults with their 16-byte halo (2D
                                    // 16x128/4 and 32x64/4, 3D 24x128/2), 24x128 with the
                                    // 32-byte one (3D: the plain /2 row's block, so only 2D),
                                    // 16x64 without a bound and with other bounds. A row that
                                    // is an algorithm's default runs only for the other
                                    // algorithm.
                                    stencil_config<BulkTensor, 4, 16, 128, 256, 2, 16>(),
                                    stencil_config<BulkTensor, 2, 24, 128, 256, 2, 16>(),
                                    stencil_config<BulkTensor, 2, 24, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 4, 16, 120, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 4, 32, 64, 256, 1, 16>(),
                                    stencil_config<BulkTensor, 4, 16, 64, 256, 2>(),
                                    stencil_config<BulkTensor, 4, 16, 64, 256>(),
                                    stencil_config<BulkTensor, 6, 16, 64, 256>(),
                                    stencil_config<BulkTensor, 6, 16, 64, 256, 2>(),
                                    stencil_config<BulkTensor, 6, 16, 64, 256, 3>(),
                                    stencil_config<CpAsync, 4, 16, 64, 256, 3>(),
                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),
                                    // The 3D default block with its evict_last input boxes
                                    // (memory attempts 25, 26), run in 2D; in 3D the
                                    // "BulkTensor 16x128 2/SM" row is that block without them.
                                    stencil_config<BulkTensor, 3, 16, 128, 256, 2, 0, etage::L2Eviction::Last>(),
                                    // The former transpose tile (32 x 32 floats), and the sum's
                                    // value form.
                                    transpose_config<BulkTensor, 3, 32>(),
                                    transpose_config<BulkTensor, 2, 64, 256>(),
                                    transpose_config<CpAsync, 3, 32>(),
                                    reduce_value_config<BulkTensor, 6>()};
#else
  std::vector<int> const default_mib{host_default_mib()};
  std::vector<Config> const configs{config<Synchronous, 1>(), config<Synchronous, 2>(), config<Synchronous, 4>()};
#endif
  bool const stages_given = std::getenv("ETAGE_BENCH_STAGES") && *std::getenv("ETAGE_BENCH_STAGES");
  std::vector<int> const stage_filter = env_ints("ETAGE_BENCH_STAGES", {});
  for (int mib : env_ints("ETAGE_BENCH_MIB", default_mib)) {
    for (Algo a : {Algo::Transpose, Algo::Stencil2D, Algo::Stencil3D, Algo::Reduce, Algo::Dot, Algo::Max}) {
      Problem const p = problem_for(a, mib);
      // The copy peer first: its rate is the ratio's base.
      double const bytes = p.bytes();
      benchmark::RegisterBenchmark("BM_Copy", bm_copy)
          ->ArgNames({"bytes"})
          ->Args({std::int64_t(bytes)})
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond)
          ->ReportAggregatesOnly(true);
      add(std::string("BM_KokkosRange<") + algo_name(a) + ">", p, 0, "", range_runner(a));
      if (auto const [tuned, tuned_name] = tuned_runner(a, p); tuned) {
        std::string const name = std::string(tuned_name) + "<" + algo_name(a) + ">";
        add(name, p, 0, check_key(name, 0, p), tuned);
      }
      for (Config const& c : configs) {
        if (stages_given && std::find(stage_filter.begin(), stage_filter.end(), c.stages) == stage_filter.end()) continue;
        bool const stencil_variant = c.only == Algo::Stencil2D || c.only == Algo::Stencil3D;
        if (c.variant && (stencil_variant ? a != Algo::Stencil2D && a != Algo::Stencil3D : a != c.only)) continue;
        if ((a == Algo::Stencil2D && c.default_2d) || (a == Algo::Stencil3D && c.default_3d)) continue;
        std::string const name = std::string("BM_") + algo_name(a) + "<" + c.engine + ">";
        add(name, p, c.stages, check_key(name, c.stages, p), c.make(a));
      }
    }
  }
}

void add_context() {
#if ETAGE_HAS_CUDA_ENGINES
  char const* const peer = "Kokkos::deep_copy (device to device)";
#else
  char const* const peer = "Kokkos::deep_copy (host memory to host memory)";
#endif
  etage_bench::add_common_context(peer,
                                  {"ETAGE_BENCH_MIB", "ETAGE_BENCH_STAGES", "ETAGE_BENCH_BATCH"});
  benchmark::AddCustomContext("calls_per_sample", std::to_string(batch()));
}

}  // namespace etage_bench_memory

int main(int argc, char** argv) {
  using namespace etage_bench_memory;
  return etage_bench::run_main(
      argc, argv, "etage_bench_memory",
      [] {
        add_context();
        register_all();
      },
      [] { buffers() = Buffers{}; });  // device memory goes before Kokkos finalizes
}
