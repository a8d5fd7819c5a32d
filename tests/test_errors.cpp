/// Bad input: each is a typed error whose message names the value and the limit.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

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
  REQUIRE_THROWS_AS(transpose(a, c), InvalidArgument);
  REQUIRE_THROWS_MATCHES(stencil_2d(test::Space{}, a, c, Stencil2D<float>::jacobi()), InvalidArgument,
                         MessageMatches(ContainsSubstring("overlap")));
  V other("other", 4, 4);
  REQUIRE_NOTHROW(gemm('N', 'N', 1.f, a, b, 0.f, other));
}
