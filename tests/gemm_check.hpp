#pragma once
/// GEMM against a double-precision host reference, on fresh random data, output poisoned.
#include <cmath>
#include <limits>
#include <type_traits>

#include <catch2/catch_test_macros.hpp>
#include <etage/algorithms/gemm.hpp>

#include "test_support.hpp"

namespace etage::test {

/// How an operand view is made: a plain allocation, a subview with offsets into a larger
/// allocation (leading dimension > extent), or a LayoutStride subview of a rank-3 view.
/// Padded: a window of an allocation whose leading dimension is rounded up to 16 bytes
/// (what bulk tensor copies need).
enum class ViewKind { Plain, Offset, Strided, Padded };

/// Independent statement of the bulk tensor rules (CUDA driver API, cuTensorMapEncodeTiled):
/// 16-byte aligned base, unit inner stride, row stride a multiple of 16 bytes.
template <class V>
bool bulk_tensor_eligible(V const& v) {
  using T = typename V::non_const_value_type;
  bool const right = !std::is_same_v<typename V::array_layout, Kokkos::LayoutLeft>;
  std::size_t const inner = right ? 1 : 0, outer = 1 - inner;
  if (v.extent(0) == 0 || v.extent(1) == 0) return true;
  if (reinterpret_cast<std::uintptr_t>(v.data()) % 16 != 0) return false;
  if (v.extent(inner) > 1 && v.stride(inner) != 1) return false;
  return v.extent(outer) <= 1 || (v.stride(outer) * sizeof(T)) % 16 == 0;
}

template <class T, class Layout, ViewKind Kind>
struct Operand2D {
  using Parent = std::conditional_t<Kind == ViewKind::Strided, Kokkos::View<T***, Kokkos::LayoutRight, Space>,
                                    Kokkos::View<T**, Layout, Space>>;
  Parent parent;
  typename Parent::host_mirror_type host_parent;

  Operand2D(char const* name, int rows, int cols) {
    if constexpr (Kind == ViewKind::Plain) parent = Parent(name, rows, cols);
    else if constexpr (Kind == ViewKind::Offset) parent = Parent(name, rows + 3, cols + 5);
    else if constexpr (Kind == ViewKind::Padded) {
      constexpr int v = 16 / sizeof(T);
      bool const right = std::is_same_v<Layout, Kokkos::LayoutRight>;
      parent = Parent(name, right ? rows : (rows + v - 1) / v * v, right ? (cols + v - 1) / v * v : cols);
    }
    else parent = Parent(name, rows, 2, cols);
    host_parent = Kokkos::create_mirror_view(parent);
  }
  template <class V>
  static auto window(V const& v, int rows, int cols) {
    if constexpr (Kind == ViewKind::Plain) return v;
    else if constexpr (Kind == ViewKind::Offset)
      return Kokkos::subview(v, Kokkos::pair<int, int>(2, 2 + rows), Kokkos::pair<int, int>(3, 3 + cols));
    else if constexpr (Kind == ViewKind::Padded)
      return Kokkos::subview(v, Kokkos::pair<int, int>(0, rows), Kokkos::pair<int, int>(0, cols));
    else return Kokkos::subview(v, Kokkos::ALL, 1, Kokkos::ALL);
  }
  auto device(int r, int c) const { return window(parent, r, c); }
  auto host(int r, int c) const { return window(host_parent, r, c); }
  void fill(unsigned seed, T poison, bool use_poison) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    T* p = host_parent.data();
    for (std::size_t i = 0; i < host_parent.span(); ++i) p[i] = use_poison ? poison : static_cast<T>(dist(gen));
    Kokkos::deep_copy(parent, host_parent);
  }
  void fetch() { Kokkos::deep_copy(host_parent, parent); }
};

struct GemmCase {
  char ta, tb;
  int m, n, k;
  double alpha, beta;
};

/// Runs etage::gemm<Engine, Stages> on one case; returns ||C - ref||_F / ||ref||_F (or
/// ||C||_F when ref is 0). NaN (unwritten poisoned output) propagates into the result.
template <class Engine, int Stages, class T, class Layout, ViewKind Kind = ViewKind::Plain, class Tile = void>
double gemm_relative_error(GemmCase const& g, unsigned seed, Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>* out = nullptr) {
  bool const ta = g.ta != 'N', tb = g.tb != 'N';
  int const ar = ta ? g.k : g.m, ac = ta ? g.m : g.k, br = tb ? g.n : g.k, bc = tb ? g.k : g.n;
  Operand2D<T, Layout, Kind> a("A", ar, ac), b("B", br, bc), c("C", g.m, g.n);
  a.fill(seed, 0, false);
  b.fill(seed + 1, 0, false);
  c.fill(seed + 2, std::numeric_limits<T>::quiet_NaN(), g.beta == 0.0);
  auto ha = a.host(ar, ac);
  auto hb = b.host(br, bc);
  auto hc = c.host(g.m, g.n);
  std::vector<double> ref(std::size_t(g.m) * g.n);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      double s = 0;
      for (int p = 0; p < g.k; ++p) s += double(ta ? ha(p, i) : ha(i, p)) * double(tb ? hb(j, p) : hb(p, j));
      ref[std::size_t(i) * g.n + j] = g.alpha * s + (g.beta == 0.0 ? 0.0 : g.beta * double(hc(i, j)));
    }
  if constexpr (std::is_same_v<Engine, engine::BulkTensor>) {
    // Forced BulkTensor on views that break the bulk tensor rules: a clear error, C untouched.
    if (g.k > 0 && g.alpha != 0.0 && !(bulk_tensor_eligible(a.device(ar, ac)) && bulk_tensor_eligible(b.device(br, bc)))) {
      auto forced = [&] {
        etage::gemm<Engine, Stages, Tile>(Space{}, g.ta, g.tb, T(g.alpha), a.device(ar, ac), b.device(br, bc),
                                          T(g.beta), c.device(g.m, g.n));
      };
      test::check_bulk_tensor_refusal(forced);
      return 0.0;
    }
  }
  etage::gemm<Engine, Stages, Tile>(Space{}, g.ta, g.tb, T(g.alpha), a.device(ar, ac), b.device(br, bc), T(g.beta),
                                    c.device(g.m, g.n));
  c.fetch();
  double num = 0, den = 0;
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      double const d = double(hc(i, j)) - ref[std::size_t(i) * g.n + j];
      num += d * d;
      den += ref[std::size_t(i) * g.n + j] * ref[std::size_t(i) * g.n + j];
      if (out) (*out)(i, j) = hc(i, j);
    }
  return den == 0 ? std::sqrt(num) : std::sqrt(num / den);
}

template <class T>
constexpr double gemm_tolerance() {
  return std::is_same_v<T, float> ? 2e-5 : 1e-12;
}

/// Edge shapes relative to the block shape in use: 1, tile-1, tile+1, primes,
/// non-square, K < BK, K = 0, several tiles in every dimension.
template <class Tile>
std::vector<GemmCase> gemm_edge_shapes(char ta, char tb) {
  int const bm = Tile::bm, bn = Tile::bn, bk = Tile::bk;
  return {
      {ta, tb, 1, 1, 1, 1.0, 0.0},
      {ta, tb, bm - 1, bn - 1, bk - 1, 1.0, 0.0},
      {ta, tb, bm + 1, bn + 1, bk + 1, -0.5, 0.0},
      {ta, tb, 97, 61, 37, 1.0, 0.5},
      {ta, tb, 37, 131, 2 * bk + 3, 2.0, -1.0},
      {ta, tb, bm, bn, bk / 2 > 1 ? bk / 2 - 1 : 1, 1.0, 0.0},
      {ta, tb, 17, 13, 0, 1.0, 2.0},
      {ta, tb, 2 * bm + 3, bn + 5, 5 * bk + 3, 1.5, 0.25},
  };
}

/// Every edge shape x both transposes for one engine, element type, layout and view kind.
template <class E, class T, class Layout, ViewKind Kind = ViewKind::Plain>
void check_edge_shapes() {
  for (char ta : {'N', 'T'})
    for (char tb : {'N', 'T'})
      for (auto const& g : gemm_edge_shapes<default_gemm_tile<Space, T>>(ta, tb)) {
        unsigned const seed = fresh_seed();
        CAPTURE(E::engine::name, E::stages, ta, tb, g.m, g.n, g.k, g.alpha, g.beta, seed);
        double const err = gemm_relative_error<typename E::engine, E::stages, T, Layout, Kind>(g, seed);
        CHECK(err <= gemm_tolerance<T>());
      }
}

}  // namespace etage::test
