/// Bad input: each is a typed error whose message names the value and the limit.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <set>
#include <vector>

#include <etage/etage.hpp>

#include "test_support.hpp"

using namespace etage;
using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;
using V = Kokkos::View<float**, Kokkos::LayoutRight, test::Space>;

TEST_CASE("GEMM with mismatched extents throws ExtentMismatch naming them", "[errors][gemm]") {
  V a("A", 4, 5), b("B", 6, 3), c("C", 4, 3);
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a, b, 0.f, c), ExtentMismatch,
                         MessageMatches(ContainsSubstring("K = 5") && ContainsSubstring("6 rows")));
  V b_ok("B", 5, 3), c_bad("C", 4, 4);
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a, b_ok, 0.f, c_bad), ExtentMismatch,
                         MessageMatches(ContainsSubstring("4x3") && ContainsSubstring("C 4x4")));
  // Transposed: op(A) = A^T is 5x4, so B must have 4 rows.
  REQUIRE_THROWS_AS(gemm('T', 'N', 1.f, a, b_ok, 0.f, c), ExtentMismatch);
}

TEST_CASE("GEMM with an empty C throws EmptyView", "[errors][gemm]") {
  V a("A", 0, 5), b("B", 5, 3), c("C", 0, 3);
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a, b, 0.f, c), EmptyView, MessageMatches(ContainsSubstring("M = 0")));
  V a2("A", 4, 5), b2("B", 5, 0), c2("C", 4, 0);
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a2, b2, 0.f, c2), EmptyView, MessageMatches(ContainsSubstring("N = 0")));
}

TEST_CASE("GEMM with a bad trans flag throws InvalidArgument", "[errors][gemm]") {
  V a("A", 4, 4), b("B", 4, 4), c("C", 4, 4);
  REQUIRE_THROWS_MATCHES(gemm('X', 'N', 1.f, a, b, 0.f, c), InvalidArgument, MessageMatches(ContainsSubstring("'X'")));
}

TEST_CASE("A scratch request over the limit throws ScratchLimitExceeded naming both", "[errors][scratch]") {
  std::size_t const limit = scratch_limit_bytes<test::Space>();
  REQUIRE(limit > 0);
  REQUIRE_NOTHROW(check_scratch_bytes<test::Space>(limit, "exact"));
  REQUIRE_THROWS_MATCHES(check_scratch_bytes<test::Space>(limit + 1, "gemm"), ScratchLimitExceeded,
                         MessageMatches(ContainsSubstring(std::to_string(limit + 1)) &&
                                        ContainsSubstring(std::to_string(limit))));
  auto noop = KOKKOS_LAMBDA(Kokkos::TeamPolicy<test::Space>::member_type const&){};
  REQUIRE_THROWS_AS(make_team_policy<Kokkos::TeamPolicy<test::Space>>(test::Space{}, 1, 1, limit + 1, noop, "t"),
                    ScratchLimitExceeded);
}

TEST_CASE("C12: a team size of 0, or over the maximum, is a LaunchConfigError", "[errors][field][C12]") {
  using Policy = Kokkos::TeamPolicy<test::Space>;
  auto noop = KOKKOS_LAMBDA(Policy::member_type const&){};
  REQUIRE_THROWS_MATCHES(make_team_policy<Policy>(test::Space{}, 4, 0, 0, noop, "sized"), LaunchConfigError,
                         MessageMatches(ContainsSubstring("team_size 0")));
  int const max = Policy(test::Space{}, 1, 1).team_size_max(noop, Kokkos::ParallelForTag{});
  REQUIRE_THROWS_MATCHES(make_team_policy<Policy>(test::Space{}, 4, max + 1, 0, noop, "sized"), LaunchConfigError,
                         MessageMatches(ContainsSubstring(std::to_string(max + 1)) &&
                                        ContainsSubstring(std::to_string(max))));
  REQUIRE_THROWS_AS(make_team_policy<Policy>(test::Space{}, -1, 1, 0, noop, "sized"), LaunchConfigError);
}

TEST_CASE("Outputs that overlap their inputs are an InvalidArgument, not a silent wrong answer", "[errors]") {
  V big("big", 8, 8);
  auto a = Kokkos::subview(big, Kokkos::pair<int, int>(0, 4), Kokkos::pair<int, int>(0, 4));
  auto c = Kokkos::subview(big, Kokkos::pair<int, int>(1, 5), Kokkos::pair<int, int>(0, 4));
  V b("B", 4, 4);
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a, b, 0.f, c), InvalidArgument,
                         MessageMatches(ContainsSubstring("C overlaps A")));
  REQUIRE_THROWS_MATCHES(transpose(a, c), InvalidArgument, MessageMatches(ContainsSubstring("A and B overlap")));
  REQUIRE_THROWS_MATCHES(stencil_2d(test::Space{}, a, c, Stencil2D<float>::jacobi()), InvalidArgument,
                         MessageMatches(ContainsSubstring("overlap")));
  V other("other", 4, 4);
  REQUIRE_NOTHROW(gemm('N', 'N', 1.f, a, b, 0.f, other));
}

namespace {
/// Element addresses of a rank-1 or rank-2 view (no access to the data: host arithmetic).
template <class View>
std::set<std::uintptr_t> element_addresses(View const& v) {
  std::set<std::uintptr_t> out;
  auto const base = reinterpret_cast<std::uintptr_t>(v.data());
  using T = typename View::value_type;
  if constexpr (View::rank() == 1) {
    for (std::size_t i = 0; i < v.extent(0); ++i) out.insert(base + i * v.stride(0) * sizeof(T));
  } else {
    for (std::size_t i = 0; i < v.extent(0); ++i)
      for (std::size_t j = 0; j < v.extent(1); ++j) out.insert(base + (i * v.stride(0) + j * v.stride(1)) * sizeof(T));
  }
  return out;
}
template <class VA, class VB>
bool share_an_element(VA const& a, VB const& b) {
  auto const sa = element_addresses(a), sb = element_addresses(b);
  for (auto x : sb)
    if (sa.count(x)) return true;
  return false;
}
}  // namespace

TEST_CASE("views_overlap is exact for blocks of one matrix and never misses a shared element", "[errors][overlap]") {
  // Every pair of sub-blocks (rows [r0, r1) x columns [c0, c1)) of one 5 x 7 allocation, in
  // both layouts, and rows and columns taken as rank-1 views: views_overlap must agree with
  // the element addresses (blocks of one matrix share its row period, so the test is exact
  // there), and for the strided every-other-column views it may only err towards true.
  auto const check_pairs = [](auto const& big) {
    using P = Kokkos::pair<int, int>;
    std::vector<P> rows, cols;
    for (int a = 0; a < int(big.extent(0)); ++a)
      for (int b = a + 1; b <= int(big.extent(0)); ++b) rows.push_back({a, b});
    for (int a = 0; a < int(big.extent(1)); ++a)
      for (int b = a + 1; b <= int(big.extent(1)); b += 2) cols.push_back({a, b});
    std::vector<decltype(Kokkos::subview(big, P{}, P{}))> blocks;
    for (auto r : rows)
      for (auto c : cols) blocks.push_back(Kokkos::subview(big, r, c));
    int exact = 0, disjoint = 0;
    for (std::size_t i = 0; i < blocks.size(); i += 3)
      for (std::size_t j = 0; j < blocks.size(); j += 5) {
        bool const truth = share_an_element(blocks[i], blocks[j]);
        INFO("blocks " << i << " and " << j);
        CHECK(views_overlap(blocks[i], blocks[j]) == truth);
        CHECK(views_overlap(blocks[j], blocks[i]) == truth);
        ++exact;
        disjoint += !truth;
      }
    CHECK(disjoint > 100);  // the pairs include many disjoint blocks whose address ranges meet
    for (int r = 0; r < int(big.extent(0)); ++r)
      for (int c = 0; c < int(big.extent(1)); ++c) {
        auto const row = Kokkos::subview(big, r, Kokkos::ALL);
        auto const col = Kokkos::subview(big, Kokkos::ALL, c);
        for (std::size_t j = 0; j < blocks.size(); j += 7) {
          CHECK(views_overlap(row, blocks[j]) == share_an_element(row, blocks[j]));
          CHECK(views_overlap(blocks[j], col) == share_an_element(blocks[j], col));
        }
      }
    return exact;
  };
  Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace> right("right", 5, 7);
  Kokkos::View<float**, Kokkos::LayoutLeft, Kokkos::HostSpace> left("left", 5, 7);
  CHECK(check_pairs(right) > 1000);
  CHECK(check_pairs(left) > 1000);
  // Interleaved columns (stride 2) of one row-major matrix: disjoint, but their rows interleave,
  // so the check may only be conservative.
  Kokkos::View<float**, Kokkos::LayoutStride, Kokkos::HostSpace> even(right.data(), Kokkos::LayoutStride(5, 7, 4, 2));
  Kokkos::View<float**, Kokkos::LayoutStride, Kokkos::HostSpace> odd(right.data() + 1, Kokkos::LayoutStride(5, 7, 3, 2));
  REQUIRE_FALSE(share_an_element(even, odd));
  CHECK(views_overlap(even, odd));
  // Empty views overlap nothing.
  CHECK_FALSE(views_overlap(Kokkos::subview(right, Kokkos::pair<int, int>(0, 0), Kokkos::ALL), right));
}

TEST_CASE("Disjoint blocks of one allocation are accepted by transpose and gemm, and computed", "[errors][overlap]") {
  // A, B and C as column blocks of one 8 x 24 LayoutRight allocation (their address ranges
  // meet; their elements do not).
  V w("W", 8, 24);
  auto h = Kokkos::create_mirror_view(w);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 24; ++j) h(i, j) = float((i * 24 + j) % 13) - 6.f;
  Kokkos::deep_copy(w, h);
  using P = Kokkos::pair<int, int>;
  auto const a = Kokkos::subview(w, Kokkos::ALL, P(0, 8));
  auto const b = Kokkos::subview(w, Kokkos::ALL, P(8, 16));
  auto const c = Kokkos::subview(w, Kokkos::ALL, P(16, 24));
  REQUIRE_NOTHROW(gemm('N', 'N', 1.f, a, b, 0.f, c));
  test::Space{}.fence();
  auto g = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, w);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      float ref = 0;
      for (int k = 0; k < 8; ++k) ref += h(i, k) * h(k, 8 + j);
      CHECK(g(i, 16 + j) == Catch::Approx(ref).margin(1e-4));
      CHECK(g(i, j) == h(i, j));  // A and B unchanged
      CHECK(g(i, 8 + j) == h(i, 8 + j));
    }
  // transpose(A -> C) within the same allocation.
  REQUIRE_NOTHROW(transpose(test::Space{}, a, c));
  test::Space{}.fence();
  Kokkos::deep_copy(g, w);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) CHECK(g(j, 16 + i) == h(i, j));
  // Blocks that do share elements are still refused.
  auto shifted = Kokkos::subview(w, Kokkos::ALL, P(4, 12));
  REQUIRE_THROWS_MATCHES(transpose(test::Space{}, a, shifted), InvalidArgument,
                         MessageMatches(ContainsSubstring("A and B overlap")));
  REQUIRE_THROWS_MATCHES(gemm('N', 'N', 1.f, a, b, 0.f, shifted), InvalidArgument,
                         MessageMatches(ContainsSubstring("C overlaps")));
}
