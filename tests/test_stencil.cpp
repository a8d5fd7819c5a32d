/// Jacobi stencils on every engine under test against a double-precision host reference:
/// 2D 5-point and 3D 7-point, zero and fixed boundaries, zero-width halo sides and a 1x1 grid
/// (field case C16), layouts and subviews, several sweeps, Auto, bad input.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <etage/algorithms/stencil.hpp>
#include <etage/l2_eviction.hpp>

#include "test_support.hpp"

using namespace etage;
using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;

namespace {

/// A dense host grid of doubles, (nz, ny, nx), for the reference.
struct Grid {
  int nz, ny, nx;
  std::vector<double> v;
  double& at(int z, int y, int x) { return v[(std::size_t(z) * ny + y) * nx + x]; }
  double get(int z, int y, int x, double b) const {
    if (z < 0 || y < 0 || x < 0 || z >= nz || y >= ny || x >= nx) return b;
    return v[(std::size_t(z) * ny + y) * nx + x];
  }
};

/// One sweep of the 7-point star (2D: nz = 1 and no z weights); halo 0 drops a neighbour.
Grid reference_sweep(Grid const& in, Stencil3D<double> const& w, Halo3D const& h, double b) {
  Grid out{in.nz, in.ny, in.nx, std::vector<double>(in.v.size())};
  for (int z = 0; z < in.nz; ++z)
    for (int y = 0; y < in.ny; ++y)
      for (int x = 0; x < in.nx; ++x) {
        double s = w.center * in.get(z, y, x, b);
        if (h.z_lo) s += w.z_minus * in.get(z - 1, y, x, b);
        if (h.z_hi) s += w.z_plus * in.get(z + 1, y, x, b);
        if (h.y_lo) s += w.y_minus * in.get(z, y - 1, x, b);
        if (h.y_hi) s += w.y_plus * in.get(z, y + 1, x, b);
        if (h.x_lo) s += w.x_minus * in.get(z, y, x - 1, b);
        if (h.x_hi) s += w.x_plus * in.get(z, y, x + 1, b);
        out.at(z, y, x) = s;
      }
  return out;
}

template <class T>
double tolerance() {
  return std::is_same_v<T, float> ? 2e-5 : 1e-12;
}

/// How a grid view is made: plain; a window of a larger allocation (offset in every
/// dimension for 2D; whole planes, x window from 1 for 3D); padded rows (16-byte multiple
/// leading dimension, what bulk tensor copies need); wide rows (padded, plus one more 16-byte
/// vector: a grid whose nx is a multiple of 16 bytes still has columns after it, where a run
/// written past the grid's edge would show).
enum class GridKind { Plain, Offset, Padded, Wide };

template <class T, int Rank, class Layout, GridKind Kind>
struct DeviceGrid {
  using Parent = std::conditional_t<Rank == 2, Kokkos::View<T**, Layout, test::Space>, Kokkos::View<T***, Layout, test::Space>>;
  Parent parent;
  typename Parent::host_mirror_type host_parent;
  int nz, ny, nx;
  static constexpr int vec = 16 / sizeof(T);
  static constexpr bool right = !std::is_same_v<Layout, Kokkos::LayoutLeft>;

  DeviceGrid(int z, int y, int x) : nz(z), ny(y), nx(x) {
    int const pad_inner = Kind == GridKind::Offset ? 3 : 0;
    auto round = [&](int e) {
      int const padded = (e + vec - 1) / vec * vec;
      return Kind == GridKind::Padded ? padded : Kind == GridKind::Wide ? padded + vec : e + pad_inner;
    };
    if constexpr (Rank == 2) {
      parent = right ? Parent("grid", ny + (Kind == GridKind::Offset ? 2 : 0), round(nx))
                     : Parent("grid", round(ny), nx + (Kind == GridKind::Offset ? 2 : 0));
    } else {
      parent = right ? Parent("grid", nz, ny, round(nx)) : Parent("grid", round(nz), ny, nx);
    }
    host_parent = Kokkos::create_mirror_view(parent);
  }
  template <class V>
  auto window(V const& v) const {
    using P = Kokkos::pair<int, int>;
    int const o = Kind == GridKind::Offset ? 1 : 0;
    if constexpr (Rank == 2) {
      if constexpr (Kind == GridKind::Plain) return v;
      else return Kokkos::subview(v, P(o, o + ny), P(o, o + nx));
    } else {
      if constexpr (Kind == GridKind::Plain) return v;
      else if constexpr (right) return Kokkos::subview(v, Kokkos::ALL, Kokkos::ALL, P(o, o + nx));
      else return Kokkos::subview(v, P(o, o + nz), Kokkos::ALL, Kokkos::ALL);
    }
  }
  auto device() const { return window(parent); }
  auto host() const { return window(host_parent); }
  T& h(int z, int y, int x) const {
    if constexpr (Rank == 2) return host()(y, x);
    else return host()(z, y, x);
  }
  void fill(Grid& g, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    for (std::size_t i = 0; i < host_parent.span(); ++i) host_parent.data()[i] = T(1e3);  // never read
    g = Grid{nz, ny, nx, std::vector<double>(std::size_t(nz) * ny * nx)};
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
          T const v = T(dist(gen));
          h(z, y, x) = v;
          g.at(z, y, x) = double(v);
        }
    Kokkos::deep_copy(parent, host_parent);
  }
  void poison() {
    Kokkos::deep_copy(parent, std::numeric_limits<T>::quiet_NaN());
    Kokkos::deep_copy(host_parent, parent);
  }
  void fetch() { Kokkos::deep_copy(host_parent, parent); }
  /// Bulk tensor rules on the canonical 2D view of the grid (contiguous dimension last).
  bool bulk_ok() const {
    auto const d = device();
    std::size_t const inner_stride = right ? d.stride(Rank - 1) : d.stride(0);
    std::size_t const row = right ? d.stride(Rank - 2) : d.stride(1);
    std::size_t const rows = right ? d.span() / std::max<std::size_t>(1, row) : 2;
    bool const aligned = reinterpret_cast<std::uintptr_t>(d.data()) % 16 == 0;
    // A grid with at most one dimension longer than 1 is read as a single row (stride 1:
    // only the base must be aligned) or as rows of one element (that stride is the row stride).
    int longer = 0;
    std::size_t long_stride = 1;
    for (int r = 0; r < Rank; ++r)
      if (d.extent(r) > 1) ++longer, long_stride = d.stride(r);
    if (longer == 0) return aligned;
    if (longer == 1) return aligned && (long_stride == 1 || (long_stride * sizeof(T)) % 16 == 0);
    return reinterpret_cast<std::uintptr_t>(d.data()) % 16 == 0 && inner_stride == 1 &&
           ((row * sizeof(T)) % 16 == 0 || rows <= 1);
  }
};

struct StencilCase {
  int nz, ny, nx;
  Halo3D halo;
  bool fixed;
  int sweeps;
};

/// Runs the stencil (2D when Rank == 2: nz must be 1) and returns max |out - ref| / (1 + max |ref|).
template <class Engine, int Stages, class T, int Rank, class Layout, GridKind Kind = GridKind::Plain, class Tile = void>
double stencil_error(StencilCase const& c) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(Engine::name, Stages, Rank, c.nz, c.ny, c.nx, c.fixed, c.sweeps, c.halo.z_lo, c.halo.z_hi, c.halo.y_lo,
          c.halo.y_hi, c.halo.x_lo, c.halo.x_hi, seed);
  std::mt19937 gen(seed + 7);
  std::uniform_real_distribution<double> dist(-0.5, 0.5);
  Stencil3D<double> w{dist(gen), Rank == 3 ? dist(gen) : 0.0, Rank == 3 ? dist(gen) : 0.0, dist(gen), dist(gen),
                      dist(gen), dist(gen)};
  Halo3D h = c.halo;
  if (Rank == 2) h.z_lo = h.z_hi = 0;
  double const b = c.fixed ? double(T(0.75)) : 0.0;
  DeviceGrid<T, Rank, Layout, Kind> in(c.nz, c.ny, c.nx), out(c.nz, c.ny, c.nx);
  Grid ref;
  in.fill(ref, seed);
  out.poison();
  for (int s = 0; s < c.sweeps; ++s) ref = reference_sweep(ref, w, h, b);
  auto const boundary = c.fixed ? StencilBoundary<T>::fixed(T(0.75)) : StencilBoundary<T>::zero();
  auto run = [&] {
    if constexpr (Rank == 2) {
      stencil_2d<Engine, Stages, Tile>(test::Space{}, in.device(), out.device(),
                                       Stencil2D<T>{T(w.center), T(w.y_minus), T(w.y_plus), T(w.x_minus), T(w.x_plus)},
                                       boundary, Halo2D{h.y_lo, h.y_hi, h.x_lo, h.x_hi}, c.sweeps);
    } else {
      stencil_3d<Engine, Stages, Tile>(test::Space{}, in.device(), out.device(),
                                       Stencil3D<T>{T(w.center), T(w.z_minus), T(w.z_plus), T(w.y_minus), T(w.y_plus),
                                                    T(w.x_minus), T(w.x_plus)},
                                       boundary, h, c.sweeps);
    }
  };
  if constexpr (std::is_same_v<Engine, engine::BulkTensor>) {
    if (!in.bulk_ok()) {
      test::check_bulk_tensor_refusal(run);
      return 0;
    }
  }
  run();
  out.fetch();
  // Nothing outside the grid's window of `out` was written: the rest of its allocation is
  // still NaN (and every grid point is not).
  std::size_t written = 0;
  for (std::size_t i = 0; i < out.host_parent.span(); ++i) written += !std::isnan(double(out.host_parent.data()[i]));
  CHECK(written == std::size_t(c.nz) * c.ny * c.nx);
  double err = 0, scale = 0;
  for (int z = 0; z < c.nz; ++z)
    for (int y = 0; y < c.ny; ++y)
      for (int x = 0; x < c.nx; ++x) {
        double const r = ref.at(z, y, x), d = double(out.h(z, y, x)) - r;
        err = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(err, std::abs(d));
        scale = std::max(scale, std::abs(r));
      }
  return err / (1 + scale);
}

Halo3D const full{};
Halo3D const no_y_lo{1, 1, 0, 1, 1, 1};
Halo3D const no_x_hi{1, 1, 1, 1, 1, 0};
Halo3D const no_z_lo{0, 1, 1, 1, 1, 1};

std::vector<StencilCase> cases_2d() {
  std::vector<StencilCase> v;
  for (auto [ny, nx] : std::vector<std::pair<int, int>>{{1, 1}, {1, 7}, {7, 1}, {8, 32}, {9, 33}, {31, 67}, {17, 130}})
    for (bool fixed : {false, true}) v.push_back({1, ny, nx, full, fixed, 1});
  v.push_back({1, 31, 67, no_y_lo, false, 1});
  v.push_back({1, 31, 67, no_x_hi, true, 1});
  v.push_back({1, 1, 1, no_y_lo, true, 1});
  v.push_back({1, 23, 41, full, true, 3});
  v.push_back({1, 23, 41, full, false, 2});
  return v;
}

std::vector<StencilCase> cases_3d() {
  std::vector<StencilCase> v;
  for (auto [nz, ny, nx] : std::vector<std::tuple<int, int, int>>{
           {1, 1, 1}, {1, 1, 9}, {3, 5, 7}, {9, 17, 33}, {5, 9, 70}, {41, 3, 5}, {64, 10, 36}})
    for (bool fixed : {false, true}) v.push_back({nz, ny, nx, full, fixed, 1});
  v.push_back({9, 17, 33, no_z_lo, true, 1});
  v.push_back({9, 17, 36, no_z_lo, true, 1});  // nx a multiple of 16 bytes: edge blocks take runs
  v.push_back({9, 17, 33, no_y_lo, false, 1});
  v.push_back({9, 17, 33, no_x_hi, true, 1});
  v.push_back({1, 1, 1, no_z_lo, true, 1});
  v.push_back({7, 11, 13, full, true, 3});
  return v;
}

template <class E, class T, int Rank, class Layout, GridKind Kind = GridKind::Plain>
void check_cases() {
  for (auto const& c : Rank == 2 ? cases_2d() : cases_3d()) {
    CHECK(stencil_error<typename E::engine, E::stages, T, Rank, Layout, Kind>(c) <= tolerance<T>());
  }
}

using R = Kokkos::LayoutRight;
using L = Kokkos::LayoutLeft;

}  // namespace

TEMPLATE_LIST_TEST_CASE("2D 5-point stencil: edge shapes, boundaries, halos, sweeps", "[stencil][2d]",
                        test::EnginesUnderTest) {
  check_cases<TestType, float, 2, R>();
  check_cases<TestType, float, 2, L>();
  check_cases<TestType, double, 2, R, GridKind::Padded>();
  check_cases<TestType, float, 2, R, GridKind::Offset>();
  check_cases<TestType, float, 2, L, GridKind::Padded>();
}

TEMPLATE_LIST_TEST_CASE("3D 7-point stencil: edge shapes, boundaries, halos, sweeps", "[stencil][3d]",
                        test::EnginesUnderTest) {
  check_cases<TestType, float, 3, R>();
  check_cases<TestType, float, 3, R, GridKind::Padded>();
  check_cases<TestType, double, 3, R, GridKind::Offset>();
  check_cases<TestType, float, 3, L>();
}

TEMPLATE_LIST_TEST_CASE("Stencils on grids with interior blocks: 16-byte runs, scalar and edge paths",
                        "[stencil][interior]", test::EnginesUnderTest) {
  // Large enough for blocks whose whole halo lies inside the grid with every default block
  // (GPU 2D 16 rows x 480 bytes; 3D 16 x 512 bytes at 3 stages, 24 x 512 bytes at 1-2, 16 x
  // 256 bytes above; host 8 x 128 bytes): those run 16-byte runs when out takes 16-byte
  // stores (Plain, Padded, Wide) and the scalar interior body otherwise (Offset: rows not
  // 16-byte aligned).
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  for (bool fixed : {false, true}) {
    StencilCase const c2{1, 70, 300, full, fixed, 1}, c2p{1, 70, 301, full, fixed, 2};
    StencilCase const c3{12, 50, 300, full, fixed, 1}, c3p{12, 50, 301, full, fixed, 1};
    CHECK(stencil_error<E, S, float, 2, R>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Padded>(c2p) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Offset>(c2) <= tolerance<float>());
    // LayoutLeft runs the canonical 300 x 200 grid: interior 16 x 64 double blocks exist.
    CHECK(stencil_error<E, S, double, 2, L>(StencilCase{1, 200, 300, full, fixed, 1}) <= tolerance<double>());
    // Many teams: on a GPU 17 x 10 = 170 blocks of 16 x 120, one per team; 4000 x 4000 has
    // 250 x 34 = 8,500 blocks, 7 or 8 per team (stencil_2d_blocks_per_team) in 1,063 teams,
    // more than the 938 teams of 288 threads an H200's thread count allows at once.
    CHECK(stencil_error<E, S, float, 2, R>(StencilCase{1, 260, 1100, full, fixed, 1}) <= tolerance<float>());
    if constexpr (!etage::impl::is_host_space<test::Space>)
      CHECK(stencil_error<E, S, float, 2, R>(StencilCase{1, 4000, 4000, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R>(c3) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Padded>(c3p) <= tolerance<float>());
    CHECK(stencil_error<E, S, double, 3, R, GridKind::Offset>(c3) <= tolerance<double>());
    // nx a multiple of 16 bytes, columns after the grid: edge blocks take 16-byte runs and
    // must write none past the grid's last column.
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Wide>(c3) <= tolerance<float>());
    CHECK(stencil_error<E, S, double, 2, R, GridKind::Wide>(StencilCase{1, 70, 302, full, fixed, 1}) <=
          tolerance<double>());
  }
}

TEMPLATE_LIST_TEST_CASE("C16: zero-width halo on one side, and a 1x1 grid", "[stencil][field][C16]",
                        test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  for (Halo3D h : {no_y_lo, no_x_hi, Halo3D{1, 1, 1, 0, 1, 1}, Halo3D{1, 1, 1, 1, 0, 1}}) {
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Padded>({1, 1, 1, h, true, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Padded>({1, 45, 77, h, true, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Padded>({1, 1, 1, h, false, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Padded>({13, 21, 37, h, true, 1}) <= tolerance<float>());
    // nx a multiple of 16 bytes: the edge blocks' 16-byte runs with a zero-width side.
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide>({1, 45, 76, h, true, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Wide>({13, 21, 36, h, true, 1}) <= tolerance<float>());
  }
}

TEMPLATE_LIST_TEST_CASE("Stencils with the default blocks at their default stage count (Stages = 0)",
                        "[stencil][defaults]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  for (bool fixed : {false, true}) {
    // Grids with interior blocks (float and double; GPU blocks 16 x 480 bytes in 2D and 16 x
    // 512 bytes in 3D, 24 x 512 bytes for RegisterDoubleBuffer: 3D needs ny >= 49 and nx >=
    // 257 floats or 129 doubles), edge-only grids, a 1-point grid; nx a multiple of 16 bytes
    // (Wide) and not (Offset).
    CHECK(stencil_error<E, 0, float, 2, R>(StencilCase{1, 70, 300, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, 0, double, 2, R>(StencilCase{1, 70, 300, full, fixed, 1}) <= tolerance<double>());
    CHECK(stencil_error<E, 0, double, 2, L, GridKind::Offset>(StencilCase{1, 45, 77, full, fixed, 2}) <=
          tolerance<double>());
    CHECK(stencil_error<E, 0, float, 3, R>(StencilCase{12, 50, 300, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, 0, double, 3, R>(StencilCase{9, 50, 150, full, fixed, 1}) <= tolerance<double>());
    CHECK(stencil_error<E, 0, float, 3, R, GridKind::Wide>(StencilCase{12, 50, 300, full, fixed, 1}) <=
          tolerance<float>());
    CHECK(stencil_error<E, 0, double, 3, R, GridKind::Offset>(StencilCase{9, 30, 150, no_x_hi, fixed, 2}) <=
          tolerance<double>());
    CHECK(stencil_error<E, 0, float, 3, R, GridKind::Padded>(StencilCase{1, 1, 1, full, fixed, 1}) <=
          tolerance<float>());
  }
}

namespace {
/// stencil_3d's block choice on a GPU for value type T (impl::stencil_3d_block).
template <class T>
void check_gpu_block_choice() {
#if ETAGE_HAS_CUDA_ENGINES
  using etage::impl::stencil_3d_block;
  using Gpu = Kokkos::Cuda;
  using Default = etage::default_stencil_tile_3d<Gpu, T>;
  using Shallow = etage::default_stencil_tile_3d_shallow<Gpu, T>;
  using Deep = etage::default_stencil_tile_3d_deep<Gpu, T>;
  STATIC_CHECK(!std::is_same_v<Shallow, Default>);
  STATIC_CHECK(!std::is_same_v<Deep, Default>);
  // Only the default block's input boxes carry the evict_last hint (its last wave demotes).
  STATIC_CHECK(Default::input_eviction == L2Eviction::Last);
  STATIC_CHECK(Shallow::input_eviction == L2Eviction::Normal);
  STATIC_CHECK(Deep::input_eviction == L2Eviction::Normal);
  // The default stage count of every engine whose ring holds 3: the default block.
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 0, void, T>, Default>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::CpAsync, 0, void, T>, Default>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::Synchronous, 0, void, T>, Default>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 3, void, T>, Default>);
  // 2 stages or fewer, forced or the engine's most: the shallow block.
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 2, void, T>, Shallow>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::CpAsync, 2, void, T>, Shallow>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::Synchronous, 1, void, T>, Shallow>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::RegisterDoubleBuffer, 0, void, T>, Shallow>);
  // More than the default block's own 3: the deep block.
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 4, void, T>, Deep>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::CpAsync, 6, void, T>, Deep>);
  // A named block, whatever the stage count.
  using Named = StencilTile<8, 16, 128>;
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 2, Named, T>, Named>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Gpu, engine::BulkTensor, 4, Named, T>, Named>);
#endif
}
}  // namespace

TEST_CASE("stencil_3d's block without a named one follows the stage count it resolves to", "[stencil][defaults]") {
  using etage::impl::stencil_3d_block;
  // The host has one block whatever the stage count.
  using Host = Kokkos::DefaultHostExecutionSpace;
  using HostDefault = etage::default_stencil_tile_3d<Host, float>;
  STATIC_CHECK(std::is_same_v<etage::default_stencil_tile_3d_shallow<Host, float>, HostDefault>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Host, engine::Synchronous, 0, void, float>, HostDefault>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Host, engine::Synchronous, 1, void, float>, HostDefault>);
  STATIC_CHECK(std::is_same_v<stencil_3d_block<Host, engine::Synchronous, 4, void, float>, HostDefault>);
  check_gpu_block_choice<float>();
  check_gpu_block_choice<double>();
  // What runs: the kernel's label names the engine, the stage count and the block.
  Kokkos::View<float***, test::Space> in("in", 4, 60, 300), out("out", 4, 60, 300);
  auto const launched = [](auto run) { return test::only_label("etage::stencil_3d<", run); };
  auto const w = Stencil3D<float>::jacobi();
#if ETAGE_HAS_CUDA_ENGINES
  // RegisterDoubleBuffer's ring holds 2 stages: the shallow block, 24 rows x 512 bytes.
  CHECK_THAT(launched([&] { stencil_3d<engine::RegisterDoubleBuffer>(test::Space{}, in, out, w); }),
             Catch::Matchers::StartsWith("etage::stencil_3d<RegisterDoubleBuffer, 2 stages, 24x128 block"));
  CHECK_THAT(launched([&] { stencil_3d<engine::Synchronous>(test::Space{}, in, out, w); }),
             Catch::Matchers::StartsWith("etage::stencil_3d<Synchronous, 3 stages, 16x128 block"));
  CHECK_THAT(launched([&] { stencil_3d<engine::Synchronous, 2>(test::Space{}, in, out, w); }),
             Catch::Matchers::StartsWith("etage::stencil_3d<Synchronous, 2 stages, 24x128 block"));
#else
  CHECK_THAT(launched([&] { stencil_3d<engine::Synchronous, 1>(test::Space{}, in, out, w); }),
             Catch::Matchers::StartsWith("etage::stencil_3d<Synchronous, 1 stages, 8x64 block"));
#endif
  // Every block takes 16-byte runs here (nx = 300, a multiple of the vector, LayoutRight so
  // that x is the contiguous dimension on every space), so the kernel without the one-point
  // path runs; with nx = 301 (and a block whose rows split into runs) the one with it.
  // Synchronous: it takes any row stride (BulkTensor needs rows of a multiple of 16 bytes).
  using E = engine::Synchronous;
  using VR = Kokkos::View<float***, Kokkos::LayoutRight, test::Space>;
  VR in_r("in_r", 4, 60, 300), out_r("out_r", 4, 60, 300);
  CHECK_THAT(launched([&] { stencil_3d<E>(test::Space{}, in_r, out_r, w); }),
             Catch::Matchers::ContainsSubstring("runs only"));
  VR in_odd("in_odd", 4, 60, 301), out_odd("out_odd", 4, 60, 301);
  auto const odd = launched([&] { stencil_3d<E>(test::Space{}, in_odd, out_odd, w); });
  CHECK_THAT(odd, !Catch::Matchers::ContainsSubstring("runs only"));
}

TEST_CASE("stencil_3d's league order: stripes of blocks, range-major inside each", "[stencil][3d][league]") {
  using etage::impl::stencil_3d_work;
  // Computed against a direct enumeration: stripe s holds blocks [s * width, min((s + 1) *
  // width, blocks)); inside it the teams go over its blocks for range 0, then range 1, ...
  for (std::int64_t blocks : {1, 2, 7, 200, 357}) {
    for (std::int64_t ranges : {1, 3, 8}) {
      for (std::int64_t stripe : std::initializer_list<std::int64_t>{0, 1, 5, 264, blocks, blocks + 1}) {
        CAPTURE(blocks, ranges, stripe);
        std::int64_t const width = stripe <= 0 || stripe > blocks ? blocks : stripe;
        std::vector<int> seen(std::size_t(blocks * ranges), 0);
        std::int64_t r = 0;
        bool in_order = true;
        for (std::int64_t first = 0; first < blocks; first += width) {
          std::int64_t const last = std::min(first + width, blocks);
          for (std::int64_t range = 0; range < ranges; ++range) {
            for (std::int64_t block = first; block < last; ++block, ++r) {
              auto const work = stencil_3d_work(r, blocks, ranges, stripe);
              in_order = in_order && work.block == block && work.range == range;
              if (work.block >= 0 && work.block < blocks && work.range >= 0 && work.range < ranges)
                ++seen[std::size_t(work.range * blocks + work.block)];
            }
          }
        }
        CHECK(r == blocks * ranges);
        CHECK(in_order);
        CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
      }
    }
  }
  // One stripe (the order before stripes): team r takes block r mod blocks, range r / blocks.
  for (std::int64_t r = 0; r < 357 * 8; ++r) {
    auto const work = stencil_3d_work(r, 357, 8, 0);
    REQUIRE(work.block == r % 357);
    REQUIRE(work.range == r / 357);
  }
  // Stripes of 264 over 357 blocks: block 10's range 1 starts one stripe row (264 teams) after
  // its range 0; in the last stripe (93 blocks) 93 teams after.
  CHECK(stencil_3d_work(10, 357, 8, 264).block == 10);
  CHECK(stencil_3d_work(10 + 264, 357, 8, 264).block == 10);
  CHECK(stencil_3d_work(10 + 264, 357, 8, 264).range == 1);
  CHECK(stencil_3d_work(264 * 8 + 93 + 5, 357, 8, 264).block == 264 + 5);
  CHECK(stencil_3d_work(264 * 8 + 93 + 5, 357, 8, 264).range == 1);
#if ETAGE_HAS_CUDA_ENGINES
  // On a GPU the stripes are one wave of teams (264 on an H200): a grid of 30 x 16 = 480
  // default blocks (16 x 128 floats; LayoutRight, so that x is contiguous) with 3 z ranges
  // (24 planes, at least 8 per range) takes two stripes where fewer than 480 teams run at once,
  // and must read as the reference does.
  for (bool fixed : {false, true})
    CHECK(stencil_error<engine::BulkTensor, 0, float, 3, R>(StencilCase{24, 480, 2048, full, fixed, 1}) <=
          tolerance<float>());
  Kokkos::View<float***, R, test::Space> in("in", 24, 480, 2048), out("out", 24, 480, 2048);
  auto const label = test::only_label("etage::stencil_3d<", [&] {
    stencil_3d<engine::BulkTensor>(test::Space{}, in, out, Stencil3D<float>::jacobi());
  });
  CAPTURE(label);
  std::smatch m;
  REQUIRE(std::regex_search(label, m, std::regex("league in stripes of ([0-9]+) blocks")));
  CHECK(std::stoll(m[1].str()) < 480);
#endif
}

TEMPLATE_LIST_TEST_CASE("Stencils with a column halo wider than one vector (32 bytes, the GPU's, and 48)",
                        "[stencil][halo-bytes]", test::EnginesUnderTest) {
  // StencilTile's HaloBytes on every engine, also on the host (whose own choice is 16): the
  // box's columns shift by the halo, edge blocks and runs included. Blocks of 8 x 24 and
  // 4 x 40 elements, so that the grids below have interior and edge blocks.
  using E = typename TestType::engine;
  constexpr int S = TestType::stages, th = etage::impl::is_host_space<test::Space> ? 1 : 128;
  using Tile32 = StencilTile<8, 24, th, 1, 0, 32>;
  using Tile48 = StencilTile<4, 40, th, 1, 0, 48>;
  STATIC_CHECK(etage::impl::stencil_halo_columns<test::Space, Tile32, float> == 8);
  STATIC_CHECK(etage::impl::stencil_halo_columns<test::Space, Tile48, double> == 6);
  STATIC_CHECK(etage::impl::stencil_halo_columns<test::Space, StencilTile<8, 24, th>, float> ==
               etage::stencil_halo_bytes<test::Space> / 4);
  for (bool fixed : {false, true}) {
    StencilCase const c2{1, 45, 130, full, fixed, 1}, c3{9, 30, 100, full, fixed, 1};
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Plain, Tile32>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide, Tile32>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Offset, Tile32>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, double, 2, L, GridKind::Plain, Tile32>({1, 70, 45, no_x_hi, fixed, 2}) <=
          tolerance<double>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, Tile32>(c3) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Wide, Tile32>({9, 30, 100, no_y_lo, fixed, 1}) <=
          tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide, Tile48>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, Tile48>(c3) <= tolerance<float>());
    // Edge blocks in runs (nx a multiple of 16 bytes) with the east side not read; the 3D
    // point path (Offset: out not 16-byte aligned); double with 48 bytes (6 columns).
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Plain, Tile32>({1, 45, 132, no_x_hi, fixed, 1}) <=
          tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Offset, Tile32>(c3) <= tolerance<float>());
    CHECK(stencil_error<E, S, double, 2, R, GridKind::Plain, Tile48>(c2) <= tolerance<double>());
  }
}

TEMPLATE_LIST_TEST_CASE("Stencils whose box rows hold more than 256 elements", "[stencil][wide-box]",
                        test::EnginesUnderTest) {
  // Blocks of 2 x 256 floats with the 32-byte column halo: box rows of 272 floats, over the
  // 256 elements a tensor map allows per box dimension, which BulkTensor copies as 136 8-byte
  // tensor-map elements (impl::tensor_map_pack); the other engines copy them as any box. Grids
  // with interior and edge blocks (nx = 600: two full block columns and one of 88), even inner
  // extents, rows padded or not.
  using E = typename TestType::engine;
  constexpr int S = TestType::stages, th = etage::impl::is_host_space<test::Space> ? 1 : 128;
  using Wide = StencilTile<2, 256, th, 1, 0, 32>;
  STATIC_CHECK(etage::impl::stencil_halo_columns<test::Space, Wide, float> == 8);
  for (bool fixed : {false, true}) {
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Plain, Wide>({1, 21, 600, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide, Wide>({1, 9, 602, no_x_hi, fixed, 2}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, Wide>({5, 9, 520, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Padded, Wide>({5, 7, 266, no_y_lo, fixed, 1}) <=
          tolerance<float>());
  }
#if ETAGE_HAS_CUDA_ENGINES
  if constexpr (std::is_same_v<E, engine::BulkTensor>) {
    // An odd inner extent cannot be described in 8-byte elements, and double rows of 264
    // elements exceed the limit: BulkTensor declines both, naming the value.
    DeviceGrid<float, 3, R, GridKind::Padded> odd_in(3, 5, 265), odd_out(3, 5, 265);
    REQUIRE_THROWS_MATCHES(
        (stencil_3d<E, S, Wide>(test::Space{}, odd_in.device(), odd_out.device(), Stencil3D<float>::jacobi())),
        UnsupportedEngine, MessageMatches(ContainsSubstring("inner extent is 265 elements, not a multiple of 2")));
    DeviceGrid<double, 2, R, GridKind::Plain> d_in(1, 8, 600), d_out(1, 8, 600);
    REQUIRE_THROWS_MATCHES(
        (stencil_2d<E, S, Wide>(test::Space{}, d_in.device(), d_out.device(), Stencil2D<double>::jacobi())),
        UnsupportedEngine, MessageMatches(ContainsSubstring("4x264 exceeds 256 elements")));
  }
#endif
}

TEMPLATE_LIST_TEST_CASE("Stencils whose input boxes carry an L2 eviction hint", "[stencil][l2-eviction]",
                        test::EnginesUnderTest) {
  // StencilTile's InputEviction on every engine: BulkTensor issues its copies with
  // .L2::cache_hint (evict_last, evict_first), the others ignore the hint. A hint changes no
  // result, so each hinted sweep is checked against the reference like any other (on grids
  // whose rows are 16-byte multiples, so that BulkTensor runs rather than declines); the
  // kernel's label says whether the hint was applied (only on engines that honour it); then
  // the persisting lines are reset (on the host a fence) and a plain sweep still matches.
  using E = typename TestType::engine;
  constexpr int S = TestType::stages, th = etage::impl::is_host_space<test::Space> ? 1 : 128;
  using Last = StencilTile<8, 24, th, 1, 0, 0, L2Eviction::Last>;
  using First = StencilTile<8, 24, th, 1, 0, 0, L2Eviction::First>;
  STATIC_CHECK(Last::input_eviction == L2Eviction::Last);
  STATIC_CHECK(StencilTile<8, 24, th>::input_eviction == L2Eviction::Normal);
  STATIC_CHECK(l2_eviction_name(L2Eviction::Last) == "evict_last");
  STATIC_CHECK(l2_eviction_name(L2Eviction::First) == "evict_first");
  for (bool fixed : {false, true}) {
    StencilCase const c2{1, 45, 132, full, fixed, 1}, c3{9, 30, 100, full, fixed, 2};
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Plain, Last>(c2) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 2, R, GridKind::Wide, First>({1, 45, 130, full, fixed, 1}) <= tolerance<float>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, Last>(c3) <= tolerance<float>());
    CHECK(stencil_error<E, S, double, 3, R, GridKind::Padded, Last>({9, 30, 99, no_y_lo, fixed, 1}) <=
          tolerance<double>());
    CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, First>(c3) <= tolerance<float>());
  }
  // The label: ", input evict_last" exactly where the engine applies the hint, and with it the
  // last wave of teams (at least one team) demoting the lines of its last planes.
  Kokkos::View<float***, Kokkos::LayoutRight, test::Space> in("in", 5, 40, 96), out("out", 5, 40, 96);
  std::string const label = test::only_label("etage::stencil_3d<", [&] {
    stencil_3d<E, S, Last>(test::Space{}, in, out, Stencil3D<float>::jacobi());
  });
  CAPTURE(label);
  CHECK((label.find(", input evict_last") != std::string::npos) == E::l2_eviction_hints);
  std::smatch demote;
  bool const demotes = std::regex_search(label, demote, std::regex("the last ([0-9]+) teams demote the L2 lines of "
                                                                   "their last ([0-9]+) planes"));
  CHECK(demotes == E::l2_eviction_hints);
  if (demotes) {
    CHECK(std::stoll(demote[1].str()) >= 1);
    CHECK(std::stoi(demote[2].str()) == etage::stencil_3d_l2_demote_planes);
  }
  // The 2D stencil does not demote.
  Kokkos::View<float**, Kokkos::LayoutRight, test::Space> in2("in2", 40, 96), out2("out2", 40, 96);
  CHECK(test::only_label("etage::stencil_2d<", [&] {
          stencil_2d<E, S, Last>(test::Space{}, in2, out2, Stencil2D<float>::jacobi());
        }).find("demote") == std::string::npos);
  REQUIRE_NOTHROW(reset_l2_persisting_lines(test::Space{}));
  CHECK(stencil_error<E, S, float, 3, R, GridKind::Plain, StencilTile<8, 24, th>>({9, 30, 100, full, true, 1}) <=
        tolerance<float>());
}

TEST_CASE("Stencils with engine Auto", "[stencil][auto]") {
  for (auto const& c : cases_2d()) {
    CHECK(stencil_error<engine::Auto, 0, float, 2, R>(c) <= tolerance<float>());
    CHECK(stencil_error<engine::Auto, 0, double, 2, L, GridKind::Offset>(c) <= tolerance<double>());
  }
  for (auto const& c : cases_3d()) CHECK(stencil_error<engine::Auto, 0, float, 3, R>(c) <= tolerance<float>());
}

TEST_CASE("Stencils: bad input is a typed error naming the value and the limit", "[stencil][errors]") {
  using V2 = Kokkos::View<float**, test::Space>;
  using V3 = Kokkos::View<float***, Kokkos::LayoutRight, test::Space>;
  test::Space const space;
  auto const w2 = Stencil2D<float>::jacobi();
  auto const w3 = Stencil3D<float>::jacobi();
  V2 a("a", 1, 5), b("b", 1, 5), c("c", 8, 8), d("d", 8, 8), e("e", 8, 9);
  REQUIRE_THROWS_MATCHES(stencil_2d(space, a, b, w2, {}, Halo2D{2, 1, 1, 1}), InvalidArgument,
                         MessageMatches(ContainsSubstring("y_lo = 2") && ContainsSubstring("wider than the grid") &&
                                        ContainsSubstring("ny = 1")));
  REQUIRE_THROWS_MATCHES(stencil_2d(space, c, d, w2, {}, Halo2D{1, 1, 1, 2}), InvalidArgument,
                         MessageMatches(ContainsSubstring("x_hi = 2") && ContainsSubstring("radius 1")));
  REQUIRE_THROWS_MATCHES(stencil_2d(space, c, d, w2, {}, Halo2D{-1, 1, 1, 1}), InvalidArgument,
                         MessageMatches(ContainsSubstring("-1")));
  REQUIRE_THROWS_MATCHES(stencil_2d(space, c, e, w2), ExtentMismatch,
                         MessageMatches(ContainsSubstring("8x9") && ContainsSubstring("8x8")));
  REQUIRE_THROWS_MATCHES(stencil_2d(space, c, d, w2, {}, {}, 0), InvalidArgument,
                         MessageMatches(ContainsSubstring("sweeps = 0")));
  REQUIRE_THROWS_MATCHES(stencil_2d(space, c, c, w2), InvalidArgument,
                         MessageMatches(ContainsSubstring("in and out overlap")));
  V3 p("p", 4, 1, 6), q("q", 4, 1, 6), r("r", 4, 2, 6);
  REQUIRE_THROWS_MATCHES(stencil_3d(space, p, q, w3, {}, Halo3D{1, 1, 2, 1, 1, 1}), InvalidArgument,
                         MessageMatches(ContainsSubstring("y_lo = 2") && ContainsSubstring("ny = 1")));
  REQUIRE_THROWS_MATCHES(stencil_3d(space, p, r, w3), ExtentMismatch, MessageMatches(ContainsSubstring("4x2x6")));
  // A y window of whole-x rows is not one 2D (nz*ny) x nx view.
  V3 big("big", 4, 6, 8), out("out", 4, 3, 8);
  auto win = Kokkos::subview(big, Kokkos::ALL, Kokkos::pair<int, int>(1, 4), Kokkos::ALL);
  REQUIRE_THROWS_MATCHES(stencil_3d(space, win, out, w3), InvalidArgument,
                         MessageMatches(ContainsSubstring("stride of z is 48") && ContainsSubstring("24")));
  // The same in column-major order: the message names the caller's x (the largest stride).
  Kokkos::View<float***, Kokkos::LayoutLeft, test::Space> left("left", 4, 9, 5), left_out("left_out", 4, 6, 5);
  auto left_win = Kokkos::subview(left, Kokkos::ALL, Kokkos::pair<int, int>(1, 7), Kokkos::ALL);
  REQUIRE_THROWS_MATCHES(stencil_3d(space, left_win, left_out, w3), InvalidArgument,
                         MessageMatches(ContainsSubstring("stride of x is 36") && ContainsSubstring("column-major") &&
                                        ContainsSubstring("6 * 4 = 24")));
#if ETAGE_HAS_CUDA_ENGINES
  // A forced stage count whose ring does not fit level-0 scratch (8 x 14,976 bytes for the
  // 24 x 128 float block with the GPU's 32-byte column halo) names the block, the bytes asked
  // for and the limit.
  V3 g("g", 4, 30, 200), g_out("g_out", 4, 30, 200);
  auto const too_deep = [&] { stencil_3d<engine::Synchronous, 8, StencilTile<24, 128, 256, 2, 2>>(space, g, g_out, w3); };
  REQUIRE_THROWS_MATCHES(too_deep(), ScratchLimitExceeded,
                         MessageMatches(ContainsSubstring("8 stages, 24x128 block") &&
                                        ContainsSubstring("bytes of level-0 team scratch, limit")));
  // Without a block, more than the default block's 3 stages take the 16 x 64 block, which
  // fits them.
  auto const deep = [&] { stencil_3d<engine::Synchronous, 4>(space, g, g_out, w3); };
  REQUIRE_NOTHROW(deep());
#endif
  // Empty grids are a no-op: no kernel is launched (field case C16: never a 0-thread launch).
  V2 z0("z0", 0, 4), z1("z1", 0, 4);
  CHECK(test::launched_labels("etage::", [&] { REQUIRE_NOTHROW(stencil_2d(space, z0, z1, w2)); }).empty());
}

TEST_CASE("stencil_3d: 3 or 4 sweeps into an out that cannot be read as a 2D view", "[stencil][3d][sweeps]") {
  // The intermediate sweeps then alternate between two temporary grids: out (LayoutRight
  // against a LayoutLeft in, or a y window of a larger grid) is written by the last sweep only.
  Stencil3D<double> const w{0.1, 0.15, 0.2, -0.1, 0.25, 0.3, -0.2};
  using VR = Kokkos::View<double***, Kokkos::LayoutRight, test::Space::memory_space>;
  for (int sweeps : {3, 4}) {
    CAPTURE(sweeps);
    DeviceGrid<double, 3, L, GridKind::Plain> in(7, 9, 13);
    Grid ref;
    in.fill(ref, test::fresh_seed());
    for (int s = 0; s < sweeps; ++s) ref = reference_sweep(ref, w, full, 0.0);
    VR out_plain("out", 7, 9, 13), parent("parent", 7, 12, 13);
    auto const out_window = Kokkos::subview(parent, Kokkos::ALL, Kokkos::pair<int, int>(2, 11), Kokkos::ALL);
    auto const check = [&](auto const& out) {
      Kokkos::deep_copy(out, std::numeric_limits<double>::quiet_NaN());
      stencil_3d(test::Space{}, in.device(), out, w, {}, full, sweeps);
      // Through a contiguous grid in the same memory space: a window cannot be copied to the
      // host directly from device memory.
      VR dense("dense", 7, 9, 13);
      Kokkos::deep_copy(test::Space{}, dense, out);
      auto const h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dense);
      double err = 0;
      for (int z = 0; z < 7; ++z)
        for (int y = 0; y < 9; ++y)
          for (int x = 0; x < 13; ++x) {
            double const d = h(z, y, x) - ref.at(z, y, x);
            err = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(err, std::abs(d));
          }
      CHECK(err <= 1e-12);
    };
    check(out_plain);
    check(out_window);
  }
}

TEMPLATE_LIST_TEST_CASE("C16: a side with a zero-width halo is not read (an Inf there does not spread)",
                        "[stencil][field][C16]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  Kokkos::View<float**, Kokkos::LayoutRight, test::Space> in("in", 4, 4), out("out", 4, 4);
  auto h = Kokkos::create_mirror_view(in);
  Kokkos::deep_copy(h, 1.0f);
  h(0, 1) = std::numeric_limits<float>::infinity();
  Kokkos::deep_copy(in, h);
  Kokkos::deep_copy(out, std::numeric_limits<float>::quiet_NaN());
  // y_lo = 0: row y never reads row y-1, so rows 1..3 stay finite.
  stencil_2d<E, TestType::stages>(test::Space{}, in, out, Stencil2D<float>::jacobi(), StencilBoundary<float>::zero(),
                                  Halo2D{0, 1, 1, 1});
  auto ho = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, out);
  for (int y = 1; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      CAPTURE(E::name, y, x);
      CHECK(std::isfinite(ho(y, x)));
    }
}
