/// Transpose on every engine under test: layouts x view kinds x edge shapes (1, tile-1,
/// tile+1, primes), double, the field case C15 (462x1024, exact), Auto, bad input.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <etage/algorithms/transpose.hpp>

#include "gemm_check.hpp"

using namespace etage;
using test::Operand2D;
using test::ViewKind;

namespace {

/// Runs transpose<Engine, Stages, TD, TH> on a fresh m x n A into a NaN-poisoned B; returns
/// the number of B elements that differ from A^T (the transpose is exact). Stages 0, TD 0 and
/// TH 0 are the library's defaults.
template <class Engine, int Stages, class T, class LA, class LB, ViewKind KA = ViewKind::Plain,
          ViewKind KB = ViewKind::Plain, int TD = 32, int TH = 0>
long transpose_mismatches(int m, int n) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(Engine::name, Stages, TD, m, n, seed);
  Operand2D<T, LA, KA> a("A", m, n);
  Operand2D<T, LB, KB> b("B", n, m);
  a.fill(seed, 0, false);
  b.fill(0, std::numeric_limits<T>::quiet_NaN(), true);
  auto const da = a.device(m, n);
  auto const db = b.device(n, m);
  if constexpr (std::is_same_v<Engine, engine::BulkTensor>) {
    if (!test::bulk_tensor_eligible(da)) {
      test::check_bulk_tensor_refusal([&] { transpose<Engine, Stages, TD, TH>(test::Space{}, da, db); });
      return 0;
    }
  }
  if constexpr (!std::is_same_v<Engine, engine::Auto> && Stages != 0 && TD != 0) {
    // Tiles x stages over the level-0 limit (double, 4 stages, on the host's 32 KiB): a clear error.
    using Src = TileSource<T, TD, TD, inner_dimension_v<std::decay_t<decltype(da)>>>;
    if (tile_loop_scratch_bytes<Engine, Stages, Src>() > scratch_limit_bytes<test::Space>()) {
      REQUIRE_THROWS_AS((transpose<Engine, Stages, TD, TH>(test::Space{}, da, db)), ScratchLimitExceeded);
      return 0;
    }
  }
  transpose<Engine, Stages, TD, TH>(test::Space{}, da, db);
  b.fetch();
  auto const ha = a.host(m, n);
  auto const hb = b.host(n, m);
  long bad = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) bad += !(hb(j, i) == ha(i, j));
  // B's allocation was all NaN: besides its n x m window (checked above), nothing may be
  // written (the offset, padded and strided kinds leave elements around the window).
  long written = 0;
  for (std::size_t e = 0; e < b.host_parent.span(); ++e) written += !std::isnan(b.host_parent.data()[e]);
  bad += std::labs(written - long(m) * n);
  return bad;
}

// {100, 64} and {64, 132}: B's rows are a multiple of 16 bytes, so whole tiles take the
// column-group 16-byte stores and the partial ones the per-element path, in one call.
std::vector<std::pair<int, int>> const edge_shapes{{1, 1},   {1, 40},   {40, 1},  {31, 33}, {32, 32},
                                                   {33, 31}, {97, 61},  {65, 130}, {100, 64}, {64, 132}};

template <class E, class T, class LA, class LB, ViewKind KA = ViewKind::Plain, ViewKind KB = ViewKind::Plain>
void check_edges() {
  for (auto [m, n] : edge_shapes) {
    CAPTURE(m, n);
    CHECK(transpose_mismatches<typename E::engine, E::stages, T, LA, LB, KA, KB>(m, n) == 0);
  }
}

using R = Kokkos::LayoutRight;
using L = Kokkos::LayoutLeft;

}  // namespace

TEMPLATE_LIST_TEST_CASE("Transpose edge shapes, float, every layout pair", "[transpose]", test::EnginesUnderTest) {
  check_edges<TestType, float, R, R>();
  check_edges<TestType, float, R, L>();
  check_edges<TestType, float, L, R>();
  check_edges<TestType, float, L, L>();
}

TEMPLATE_LIST_TEST_CASE("Transpose edge shapes, double", "[transpose][double]", test::EnginesUnderTest) {
  check_edges<TestType, double, R, R>();
  check_edges<TestType, double, L, R>();
}

TEMPLATE_LIST_TEST_CASE("Transpose on subviews: offsets, padded rows, LayoutStride", "[transpose][subview]",
                        test::EnginesUnderTest) {
  check_edges<TestType, float, R, R, ViewKind::Offset, ViewKind::Offset>();
  check_edges<TestType, float, R, L, ViewKind::Padded, ViewKind::Strided>();
  check_edges<TestType, float, L, R, ViewKind::Padded, ViewKind::Padded>();
  check_edges<TestType, double, R, R, ViewKind::Strided, ViewKind::Offset>();
}

TEMPLATE_LIST_TEST_CASE("C15: transpose of 462x1024 with 32x32 tiles is exact", "[transpose][field][C15]",
                        test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  CHECK(transpose_mismatches<E, S, float, R, R>(462, 1024) == 0);
  CHECK(transpose_mismatches<E, S, float, R, L>(462, 1024) == 0);
  CHECK(transpose_mismatches<E, S, float, L, L, ViewKind::Padded, ViewKind::Plain>(462, 1024) == 0);
  CHECK(transpose_mismatches<E, S, double, R, R>(1024, 462) == 0);
}

TEMPLATE_LIST_TEST_CASE("Transpose with 8 x 8 float and 4 x 4 double tiles (column groups of 2 lanes)",
                        "[transpose][small]", test::EnginesUnderTest) {
  // Tile extents that are a multiple of 2 x 16 bytes but not of 4 x 16 bytes: whole tiles
  // take the 16-byte stores with 2 lanes per stage column instead of 4.
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  for (auto [m, n] : {std::pair{1, 1}, {7, 9}, {8, 8}, {16, 24}, {33, 31}, {100, 64}}) {
    CAPTURE(m, n);
    CHECK(transpose_mismatches<E, S, float, R, R, ViewKind::Plain, ViewKind::Plain, 8>(m, n) == 0);
    CHECK(transpose_mismatches<E, S, float, L, L, ViewKind::Plain, ViewKind::Plain, 8>(m, n) == 0);
    CHECK(transpose_mismatches<E, S, double, R, R, ViewKind::Plain, ViewKind::Plain, 4>(m, n) == 0);
    CHECK(transpose_mismatches<E, S, double, R, L, ViewKind::Plain, ViewKind::Plain, 4>(m, n) == 0);
  }
}

TEST_CASE("Transpose with engine Auto picks an engine that runs", "[transpose][auto]") {
  for (auto [m, n] : edge_shapes) {
    CAPTURE(m, n);
    CHECK(transpose_mismatches<engine::Auto, 0, float, R, R, ViewKind::Plain, ViewKind::Plain, 0>(m, n) == 0);
    CHECK(transpose_mismatches<engine::Auto, 0, float, L, R, ViewKind::Plain, ViewKind::Plain, 0>(m, n) == 0);
    CHECK(transpose_mismatches<engine::Auto, 0, double, R, L, ViewKind::Offset, ViewKind::Plain, 0>(m, n) == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("Transpose with the default tile and stages (64 x 64 float tiles on a GPU)",
                        "[transpose][defaults]", test::EnginesUnderTest) {
  // Edge shapes around 64 as well as 32: whole and partial 64 x 64 tiles, the tile order
  // with more teams than tiles and with several tiles per team. On a GPU, 4000 x 3300 has
  // 63 x 52 = 3,276 tiles, more than 8 per team of a wave on the H200 (at most 396 teams):
  // BulkTensor takes chunks of 8 (transpose_tiles_per_team) with a last chunk of 4; CpAsync
  // one tile per team.
  using E = typename TestType::engine;
  std::vector<std::pair<int, int>> shapes{{1, 1},   {63, 65},  {64, 64},   {65, 130},
                                          {100, 64}, {64, 132}, {129, 192}, {462, 1024}};
  if constexpr (!etage::impl::is_host_space<test::Space>) shapes.push_back({4000, 3300});
  for (auto [m, n] : shapes) {
    CAPTURE(m, n);
    CHECK(transpose_mismatches<E, 0, float, R, R, ViewKind::Plain, ViewKind::Plain, 0>(m, n) == 0);
    CHECK(transpose_mismatches<E, 0, float, L, R, ViewKind::Padded, ViewKind::Plain, 0>(m, n) == 0);
    CHECK(transpose_mismatches<E, 0, float, R, L, ViewKind::Plain, ViewKind::Strided, 0>(m, n) == 0);
    CHECK(transpose_mismatches<E, 0, double, R, R, ViewKind::Plain, ViewKind::Plain, 0>(m, n) == 0);
  }
}

TEST_CASE("Transpose defaults: tile, threads and stages fit the level-0 scratch", "[transpose][defaults]") {
  constexpr int td_f = default_transpose_tile_dim<test::Space, float>;
  constexpr int td_d = default_transpose_tile_dim<test::Space, double>;
  // Every engine's default ring fits 32 KiB, at least its minimum stage count.
  auto fits = [](int stages, int td, std::size_t bytes, int min_stages) {
    return stages >= min_stages && (stages == min_stages || std::size_t(stages) * td * td * bytes <= 32768);
  };
  CHECK(fits(default_transpose_stages<test::Space, engine::Synchronous, td_f, float>, td_f, 4, 1));
  CHECK(fits(default_transpose_stages<test::Space, engine::Synchronous, td_d, double>, td_d, 8, 1));
  // On the host the whole team scratch (ring, alignment slack, barriers) stays within 32 KiB.
  using Host = Kokkos::DefaultHostExecutionSpace;
  constexpr int host_stages_64 = default_transpose_stages<Host, engine::Synchronous, 64, float>;
  CHECK(host_stages_64 == 1);
  CHECK(tile_loop_scratch_bytes<engine::Synchronous, host_stages_64, TileSource<float, 64, 64, 1>>() <= 32768);
  CHECK(default_transpose_stages<Host, engine::Synchronous, 32, float> == 2);
#if ETAGE_HAS_CUDA_ENGINES
  CHECK(td_f == 64);
  CHECK(td_d == 32);
  CHECK(default_transpose_threads<test::Space, engine::BulkTensor, td_f, float> == 512);
  // CpAsync: one 64 x 64 float tile per team of 256 threads; smaller tiles (32 x 32 float,
  // double's default) keep persistent teams.
  CHECK(transpose_one_tile_teams<test::Space, engine::CpAsync, td_f, float>);
  CHECK_FALSE(transpose_one_tile_teams<test::Space, engine::CpAsync, 32, float>);
  CHECK_FALSE(transpose_one_tile_teams<test::Space, engine::CpAsync, td_d, double>);
  CHECK_FALSE(transpose_one_tile_teams<test::Space, engine::BulkTensor, td_f, float>);
  CHECK(default_transpose_threads<test::Space, engine::CpAsync, td_f, float> == 256);
  CHECK(transpose_threads_per_sm<test::Space, engine::CpAsync, td_f, float> == 1280);
  CHECK(transpose_threads_per_sm<test::Space, engine::CpAsync, 32, float> == 1536);
  CHECK(transpose_tiles_per_team<test::Space, engine::BulkTensor, td_f, float> == 8);
  CHECK(transpose_tiles_per_team<test::Space, engine::CpAsync, td_f, float> == 1);
  CHECK(transpose_tiles_per_team<test::Space, engine::CpAsync, td_d, double> == 0);
  CHECK(transpose_tiles_per_team<test::Space, engine::Synchronous, td_f, float> == 0);
  CHECK(default_transpose_stages<test::Space, engine::BulkTensor, td_f, float> == 2);
  CHECK(default_transpose_stages<test::Space, engine::BulkTensor, td_d, double> == 4);
  CHECK(fits(default_transpose_stages<test::Space, engine::CpAsync, td_f, float>, td_f, 4, 2));
#else
  CHECK(td_f == 32);
  CHECK(default_transpose_threads<test::Space, engine::Synchronous, td_f, float> == 1);
  CHECK(transpose_tiles_per_team<test::Space, engine::Synchronous, td_f, float> == 0);
  CHECK_FALSE(transpose_one_tile_teams<test::Space, engine::CpAsync, 64, float>);
#endif
}

TEMPLATE_LIST_TEST_CASE("Transpose with tiles of 16 KiB or more: misaligned A, double, a caller's thread count",
                        "[transpose][one-tile]", test::EnginesUnderTest) {
  // On a GPU, CpAsync teams take one tile each for tiles of 16 KiB or more with the default
  // team (transpose_one_tile_teams). These calls reach that path with a misaligned A (its
  // element-wise copies), with 48 x 48 double tiles (18 KiB), and keep persistent teams when
  // the caller gives Threads. Default stage counts, which fit these tiles.
  using E = typename TestType::engine;
  for (auto [m, n] : {std::pair{1, 1}, {63, 65}, {130, 200}, {257, 129}}) {
    CAPTURE(m, n);
    CHECK(transpose_mismatches<E, 0, float, R, R, ViewKind::Offset, ViewKind::Plain, 64>(m, n) == 0);
    CHECK(transpose_mismatches<E, 0, float, L, R, ViewKind::Plain, ViewKind::Padded, 64>(m, n) == 0);
    CHECK(transpose_mismatches<E, 0, double, R, L, ViewKind::Plain, ViewKind::Plain, 48>(m, n) == 0);
    if constexpr (!etage::impl::is_host_space<test::Space>)
      CHECK(transpose_mismatches<E, 0, float, R, R, ViewKind::Plain, ViewKind::Plain, 64, 512>(m, n) == 0);
  }
}

TEST_CASE("Transpose Auto tries CpAsync first for one-tile teams where the space offers it", "[transpose][auto]") {
  using impl::EngineList, impl::PreferEngine;
  using engine::BulkTensor, engine::CpAsync, engine::RegisterDoubleBuffer, engine::Synchronous;
  // The reordering itself, on lists with and without the preferred engine.
  STATIC_CHECK(std::is_same_v<PreferEngine<CpAsync, EngineList<BulkTensor, CpAsync, RegisterDoubleBuffer, Synchronous>>::type,
                              EngineList<CpAsync, BulkTensor, RegisterDoubleBuffer, Synchronous>>);
  STATIC_CHECK(std::is_same_v<PreferEngine<CpAsync, EngineList<Synchronous, CpAsync>>::type,
                              EngineList<CpAsync, Synchronous>>);
  STATIC_CHECK(std::is_same_v<PreferEngine<CpAsync, EngineList<Synchronous>>::type, EngineList<Synchronous>>);
  STATIC_CHECK(std::is_same_v<PreferEngine<CpAsync, EngineList<>>::type, EngineList<>>);
  STATIC_CHECK(std::is_same_v<PreferEngine<CpAsync, EngineList<CpAsync, Synchronous, CpAsync>>::type,
                              EngineList<CpAsync, Synchronous>>);
  using Space = test::Space;
  using SpaceOrder = impl::AutoCandidates<Space>::type;
#if ETAGE_HAS_CUDA_ENGINES
  STATIC_CHECK(std::is_same_v<impl::TransposeAutoCandidates<Space, 64, float, 0>,
                              EngineList<CpAsync, BulkTensor, RegisterDoubleBuffer, Synchronous>>);
  // Smaller tiles, and a caller's thread count, keep the space's order.
  STATIC_CHECK(std::is_same_v<impl::TransposeAutoCandidates<Space, 32, double, 0>, SpaceOrder>);
  STATIC_CHECK(std::is_same_v<impl::TransposeAutoCandidates<Space, 64, float, 512>, SpaceOrder>);
  char const* const expected = impl::EngineSupport<CpAsync, Space>::device_unsupported_reason(Space{}).empty()
                                   ? "etage::transpose<CpAsync, 2 stages, 64x64 tile>"
                                   : "etage::transpose<BulkTensor,";
#else
  STATIC_CHECK(std::is_same_v<impl::TransposeAutoCandidates<Space, 64, float, 0>, EngineList<Synchronous>>);
  STATIC_CHECK(std::is_same_v<SpaceOrder, EngineList<Synchronous>>);
  char const* const expected = "etage::transpose<Synchronous,";
#endif
  // The engine Auto ran, from the kernel's label.
  Kokkos::View<float**, Space> a("A", 130, 70), b("B", 70, 130);
  std::string const label = test::only_label("etage::transpose<", [&] { transpose(Space{}, a, b); });
  CAPTURE(label);
  CHECK(label.rfind(expected, 0) == 0);
}

TEST_CASE("Transpose of an empty matrix does nothing", "[transpose]") {
  Kokkos::View<float**, test::Space> a("A", 0, 5), b("B", 5, 0);
  // No kernel launched.
  CHECK(test::launched_labels("etage::", [&] { REQUIRE_NOTHROW(transpose(test::Space{}, a, b)); }).empty());
}

TEST_CASE("Transpose with mismatched extents throws ExtentMismatch naming them", "[transpose][errors]") {
  using Catch::Matchers::ContainsSubstring;
  Kokkos::View<float**, test::Space> a("A", 4, 6), b("B", 4, 6);
  REQUIRE_THROWS_MATCHES(transpose(test::Space{}, a, b), ExtentMismatch,
                         Catch::Matchers::MessageMatches(ContainsSubstring("6x4") && ContainsSubstring("got B 4x6")));
}
