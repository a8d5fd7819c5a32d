/// Pipeline protocol, PipelineState wrap-around and phase, ring accounting (field case C01).
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "test_support.hpp"

using namespace etage;

template <int S>
void check_state_sequence() {
  PipelineState<S> st;
  for (int t = 0; t < 5 * S + 3; ++t, ++st) {
    CHECK(st.index() == t % S);
    CHECK(st.phase() == static_cast<std::uint32_t>((t / S) & 1));
    CHECK(st.count() == t);
    auto const ahead = PipelineState<S>().advanced(t);
    CHECK(ahead.index() == st.index());
    CHECK(ahead.phase() == st.phase());
  }
}

TEST_CASE("PipelineState wraps the index and flips the phase, stages 1 to 8", "[pipeline][state]") {
  check_state_sequence<1>();
  check_state_sequence<2>();
  check_state_sequence<3>();
  check_state_sequence<4>();
  check_state_sequence<5>();
  check_state_sequence<6>();
  check_state_sequence<7>();
  check_state_sequence<8>();
  auto p = make_producer_start_state<3>();
  CHECK(p.index() == 0);
  CHECK(p.phase() == 1u);
}

template <int S>
void drive_ring(int tiles) {
  test::MockMember m;
  Pipeline<engine::Synchronous, S> pipe(m, 0);
  PipelineState<S> pst, cst;
  int in_flight = 0, max_in_flight = 0;
  int const prologue = tiles < S - 1 ? tiles : S - 1;
  for (int t = 0; t < prologue; ++t, ++pst) {
    pipe.producer_acquire(m, pst);
    pipe.producer_commit(m, pst);
    max_in_flight = std::max(max_in_flight, ++in_flight);
  }
  for (int t = 0; t < tiles; ++t, ++pst, ++cst) {
    pipe.producer_acquire(m, pst);
    pipe.producer_commit(m, pst);
    max_in_flight = std::max(max_in_flight, ++in_flight);
    REQUIRE(cst.index() == t % S);
    pipe.consumer_wait(m, cst);
    pipe.consumer_release(m, cst);
    --in_flight;
  }
  CHECK(max_in_flight <= S);
}

TEST_CASE("Synchronous pipeline: a well-formed ring runs for every stage count", "[pipeline][protocol]") {
  for (int tiles : {0, 1, 2, 3, 9, 17}) {
    CAPTURE(tiles);
    drive_ring<1>(tiles);
    drive_ring<2>(tiles);
    drive_ring<3>(tiles);
    drive_ring<4>(tiles);
    drive_ring<5>(tiles);
    drive_ring<6>(tiles);
    drive_ring<7>(tiles);
    drive_ring<8>(tiles);
  }
}

#if ETAGE_ENABLE_DEBUG_CHECKS
TEST_CASE("C01: 1-stage acquire, commit, acquire without release is a clear error", "[pipeline][field][C01]") {
  test::MockMember m;
  Pipeline<engine::Synchronous, 1> pipe(m, 0);
  PipelineState<1> st;
  pipe.producer_acquire(m, st);
  pipe.producer_commit(m, st);
  ++st;
  REQUIRE_THROWS_MATCHES(pipe.producer_acquire(m, st), PipelineMisuse,
                         Catch::Matchers::MessageMatches(Catch::Matchers::ContainsSubstring("consumer_release is missing") &&
                                                         Catch::Matchers::ContainsSubstring("stages 1")));
}

TEST_CASE("Pipeline misuse: commit without acquire, wait before commit, release without wait", "[pipeline][protocol]") {
  test::MockMember m;
  {
    Pipeline<engine::Synchronous, 2> pipe(m, 0);
    REQUIRE_THROWS_AS(pipe.producer_commit(m, PipelineState<2>()), PipelineMisuse);
  }
  {
    Pipeline<engine::Synchronous, 2> pipe(m, 0);
    REQUIRE_THROWS_AS(pipe.consumer_wait(m, PipelineState<2>()), PipelineMisuse);
  }
  {
    Pipeline<engine::Synchronous, 2> pipe(m, 0);
    pipe.producer_acquire(m, PipelineState<2>());
    pipe.producer_commit(m, PipelineState<2>());
    REQUIRE_THROWS_AS(pipe.consumer_release(m, PipelineState<2>()), PipelineMisuse);
  }
  {
    Pipeline<engine::Synchronous, 2> pipe(m, 0);
    pipe.producer_acquire(m, PipelineState<2>());
    REQUIRE_THROWS_AS(pipe.producer_acquire(m, PipelineState<2>()), PipelineMisuse);
  }
}
#endif

TEST_CASE("Synchronous pipeline synchronizes the team at commit and at release", "[pipeline][protocol]") {
  test::MockMember m;
  Pipeline<engine::Synchronous, 2> pipe(m, 0);
  PipelineState<2> st;
  pipe.producer_acquire(m, st);
  pipe.producer_commit(m, st);
  CHECK(m.barriers == 1);
  pipe.consumer_wait(m, st);
  CHECK(m.barriers == 1);
  pipe.consumer_release(m, st);
  CHECK(m.barriers == 2);
}
