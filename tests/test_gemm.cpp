/// GEMM on every engine under test: edge shapes x layouts x transposes, subviews, stage
/// counts, and the field cases that apply (C02, C05, C07, C13, C14).
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>

#include "gemm_check.hpp"

using namespace etage;
using test::gemm_relative_error;
using test::gemm_tolerance;
using test::ViewKind;
using test::check_edge_shapes;
template <class T>
using Tile = default_gemm_tile<test::Space, T>;

TEMPLATE_LIST_TEST_CASE("GEMM edge shapes, float, LayoutRight", "[gemm]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, float, Kokkos::LayoutRight>();
}
TEMPLATE_LIST_TEST_CASE("GEMM edge shapes, float, LayoutLeft", "[gemm]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, float, Kokkos::LayoutLeft>();
}
TEMPLATE_LIST_TEST_CASE("GEMM on subviews with leading dimension > extent", "[gemm][subview]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, float, Kokkos::LayoutLeft, ViewKind::Offset>();
}
TEMPLATE_LIST_TEST_CASE("GEMM on LayoutStride subviews of rank-3 views", "[gemm][subview]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, float, Kokkos::LayoutRight, ViewKind::Strided>();
}

TEMPLATE_LIST_TEST_CASE("GEMM on leading dimensions padded to 16 bytes, float", "[gemm][subview]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, float, Kokkos::LayoutRight, ViewKind::Padded>();
  check_edge_shapes<TestType, float, Kokkos::LayoutLeft, ViewKind::Padded>();
}

TEST_CASE("GEMM with engine Auto picks an engine that runs", "[gemm][auto]") {
  unsigned const seed = test::fresh_seed();
  CAPTURE(seed);
  for (char ta : {'N', 'T'})
    for (auto const& g : test::gemm_edge_shapes<Tile<float>>(ta, 'N')) {
      CHECK(gemm_relative_error<engine::Auto, 0, float, Kokkos::LayoutRight>(g, seed) <= gemm_tolerance<float>());
      CHECK(gemm_relative_error<engine::Auto, 0, float, Kokkos::LayoutLeft>(g, seed) <= gemm_tolerance<float>());
    }
}

/// A block shape small enough for 8 stages under every backend's level-0 scratch limit.
#if ETAGE_HAS_CUDA_ENGINES
using SweepTile = GemmTile<64, 64, 8, 4, 4>;
#else
using SweepTile = GemmTile<32, 32, 8, 32, 32>;
#endif

template <class Engine, int... S>
void check_stage_sweep_identical() {
  test::GemmCase const g{'N', 'N', 2 * SweepTile::bm + 1, SweepTile::bn + 3, 9 * SweepTile::bk + 5, 1.0, 0.0};
  unsigned const seed = test::fresh_seed();
  CAPTURE(Engine::name, seed);
  using HostC = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  HostC first("first", g.m, g.n), other("other", g.m, g.n);
  bool have_first = false;
  auto one = [&](auto stages_c) {
    constexpr int s = decltype(stages_c)::value;
    HostC& out = have_first ? other : first;
    double const err = gemm_relative_error<Engine, s, float, Kokkos::LayoutRight, test::ViewKind::Plain, SweepTile>(g, seed, &out);
    CAPTURE(s);
    CHECK(err <= gemm_tolerance<float>());
    if (have_first) {
      // Same summation order for every stage count: bit-identical results (C05).
      int diff = 0;
      for (int i = 0; i < g.m; ++i)
        for (int j = 0; j < g.n; ++j) diff += first(i, j) != other(i, j);
      CHECK(diff == 0);
    }
    have_first = true;
  };
  (one(std::integral_constant<int, S>{}), ...);
}

TEST_CASE("GEMM stage sweep: every stage count gives the identical result", "[gemm][stages][C05]") {
#if ETAGE_HAS_CUDA_ENGINES
  check_stage_sweep_identical<engine::Synchronous, 1, 2, 3, 4, 5, 6>();
  check_stage_sweep_identical<engine::CpAsync, 2, 3, 4, 5, 6>();
  check_stage_sweep_identical<engine::BulkTensor, 2, 3, 4, 5, 6>();
#else
  check_stage_sweep_identical<engine::Synchronous, 1, 2, 3, 4, 5, 6, 7, 8>();
#endif
}

TEMPLATE_LIST_TEST_CASE("C02: 4-stage ring over >= 5 K tiles; A and B tiles of different widths", "[gemm][field][C02]",
                        test::EnginesUnderTest) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(TestType::engine::name, seed);
  CHECK(gemm_relative_error<typename TestType::engine, TestType::stages, float, Kokkos::LayoutRight>(
            {'N', 'N', 64, 32, 128, 1.0, 0.0}, seed) <= gemm_tolerance<float>());
  CHECK(gemm_relative_error<typename TestType::engine, TestType::stages, float, Kokkos::LayoutRight>(
            {'N', 'N', Tile<float>::bm, Tile<float>::bn / 2, 7 * Tile<float>::bk + 1, 1.0, 0.0}, seed) <= gemm_tolerance<float>());
}

TEMPLATE_LIST_TEST_CASE("C07: GEMM 2x4x3 in LayoutLeft (columns not 16-byte aligned)", "[gemm][field][C07]",
                        test::EnginesUnderTest) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(TestType::engine::name, seed);
  double const err = gemm_relative_error<typename TestType::engine, TestType::stages, float, Kokkos::LayoutLeft>(
      {'N', 'N', 2, 4, 3, 1.0, 0.0}, seed);
  CHECK(err <= gemm_tolerance<float>());
}

TEMPLATE_LIST_TEST_CASE("C13: K = 0 with beta = 2 scales C; alpha = 0 likewise", "[gemm][field][C13]",
                        test::EnginesUnderTest) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(TestType::engine::name, seed);
  using E = typename TestType::engine;
  CHECK(gemm_relative_error<E, TestType::stages, float, Kokkos::LayoutRight>({'N', 'N', 4, 4, 0, 1.0, 2.0}, seed) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<E, TestType::stages, float, Kokkos::LayoutRight>({'N', 'N', 4, 4, 9, 0.0, 2.0}, seed) <=
        gemm_tolerance<float>());
}

TEMPLATE_LIST_TEST_CASE("C14: M=1, N=128, K=1 (K far below the K tile) is the outer product", "[gemm][field][C14]",
                        test::EnginesUnderTest) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(TestType::engine::name, seed);
  using E = typename TestType::engine;
  CHECK(gemm_relative_error<E, TestType::stages, float, Kokkos::LayoutRight>({'N', 'N', 1, 128, 1, 1.0, 0.0}, seed) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<E, TestType::stages, double, Kokkos::LayoutLeft>({'T', 'T', 1, 128, 1, 1.0, 0.0}, seed) <=
        gemm_tolerance<double>());
}
