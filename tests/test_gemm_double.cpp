/// GEMM in double precision on every engine under test: edge shapes x layouts x transposes.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>

#include "gemm_check.hpp"

using namespace etage;
using test::check_edge_shapes;
using test::ViewKind;

TEMPLATE_LIST_TEST_CASE("GEMM edge shapes, double, LayoutRight", "[gemm]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, double, Kokkos::LayoutRight>();
}

TEMPLATE_LIST_TEST_CASE("GEMM edge shapes, double, LayoutLeft", "[gemm]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, double, Kokkos::LayoutLeft>();
}

TEMPLATE_LIST_TEST_CASE("GEMM on leading dimensions padded to 16 bytes, double", "[gemm][subview]", test::EnginesUnderTest) {
  check_edge_shapes<TestType, double, Kokkos::LayoutRight, ViewKind::Padded>();
}
