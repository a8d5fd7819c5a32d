/// The tile-loop driver and StageBuffer on every engine under test: slot layout and
/// alignment (C10), scratch limits (C11), zero-filled edge tiles (C08, C09), slot reuse.
#include <algorithm>
#include <vector>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "test_support.hpp"

using namespace etage;

TEST_CASE("StageBuffer layout: slots are 128-byte aligned and padded", "[stage_buffer][C10]") {
  // 3 stages of 3 floats: 12 bytes per stage, not a multiple of 16.
  using B = StageBuffer<float, 3, 3>;
  STATIC_CHECK(B::tile_bytes == 12);
  STATIC_CHECK(B::slot_bytes() == 128);
  STATIC_CHECK(B::scratch_bytes() == 3 * 128 + 128);
  using B2 = StageBuffer<double, 4, 17, 9>;
  STATIC_CHECK(B2::tile_bytes == 17 * 9 * 8);
  STATIC_CHECK(B2::slot_bytes() % 128 == 0);
  STATIC_CHECK(B2::slot_bytes() >= B2::tile_bytes);
  STATIC_CHECK(B2::slot_bytes() < B2::tile_bytes + 128);

  // Inside a team: every slot start is 128-byte aligned.
  using Policy = Kokkos::TeamPolicy<test::Space>;
  Kokkos::View<int, test::Space> misaligned("misaligned");
  Policy policy(test::Space{}, 3, 1);
  policy.set_scratch_size(0, Kokkos::PerTeam(8 + B::scratch_bytes() + B2::scratch_bytes()));
  Kokkos::parallel_for(
      policy, KOKKOS_LAMBDA(Policy::member_type const& team) {
        team.team_scratch(0).get_shmem(8);  // knock the scratch cursor off alignment
        B b(team.team_scratch(0));
        B2 b2(team.team_scratch(0));
        for (int s = 0; s < 3; ++s)
          if (reinterpret_cast<std::uintptr_t>(b.slot(s)) % 128 != 0) Kokkos::atomic_inc(&misaligned());
        for (int s = 0; s < 4; ++s)
          if (reinterpret_cast<std::uintptr_t>(b2.slot(s)) % 128 != 0) Kokkos::atomic_inc(&misaligned());
        if (b.slot(1) - b.slot(0) != std::ptrdiff_t(B::slot_stride_elements())) Kokkos::atomic_inc(&misaligned());
      });
  int h = -1;
  Kokkos::deep_copy(h, misaligned);
  CHECK(h == 0);
}

template <std::size_t Bytes>
void check_scratch_case() {
  using B = StageBuffer<float, 1, int(Bytes / sizeof(float))>;
  STATIC_CHECK(B::tile_bytes == Bytes);
  std::size_t const limit = scratch_limit_bytes<test::Space>();
  CAPTURE(Bytes, limit);
  if (B::scratch_bytes() > limit) {
    REQUIRE_THROWS_MATCHES(check_scratch_bytes<test::Space>(B::scratch_bytes(), "StageBuffer"), ScratchLimitExceeded,
                           Catch::Matchers::MessageMatches(Catch::Matchers::ContainsSubstring(std::to_string(B::scratch_bytes())) &&
                                                           Catch::Matchers::ContainsSubstring(std::to_string(limit))));
    return;
  }
  using Policy = Kokkos::TeamPolicy<test::Space>;
  Kokkos::View<long, test::Space> sum("sum");
  auto body = KOKKOS_LAMBDA(Policy::member_type const& team) {
    B b(team.team_scratch(0));
    constexpr int n = int(B::tile_elements);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](int i) { b.slot(0)[i] = float(i % 7); });
    team.team_barrier();
    long s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](int i, long& acc) { acc += long(b.slot(0)[i]); }, s);
    Kokkos::single(Kokkos::PerTeam(team), [&] { sum() = s; });
  };
  auto policy = make_team_policy<Policy>(test::Space{}, 1, 1, B::scratch_bytes(), body, "C11");
  Kokkos::parallel_for(policy, body);
  long h = 0;
  Kokkos::deep_copy(h, sum);
  long expect = 0;
  for (int i = 0; i < int(B::tile_elements); ++i) expect += i % 7;
  CHECK(h == expect);
}

TEST_CASE("C11: StageBuffers of 49,152 B and 96 KiB run or fail clearly", "[stage_buffer][scratch][field][C11]") {
  check_scratch_case<49152>();
  check_scratch_case<98304>();
}

namespace {

constexpr int stream_threads = ETAGE_HAS_CUDA_ENGINES ? 128 : 1;

/// The order in which a prefetching producer asks for tile origins (Operand's contract): tile
/// t to load it, then tiles up to min(t + k, tiles - 1) not asked for yet and not below Stages.
std::vector<int> expected_origin_calls(int tiles, int stages, int k) {
  std::vector<int> calls;
  int next = stages;
  for (int t = 0; t < tiles; ++t) {
    calls.push_back(t);
    if (k > 0)
      for (; next < std::min(tiles, t + k + 1); ++next) calls.push_back(next);
  }
  return calls;
}

/// Streams a 1 x n row through `Box`-wide tiles; counts elements of each stage that differ
/// from the source (value index+1) or, past the end, from zero. `l2_prefetch`: the operand's
/// l2_prefetch_distance; `E`, `l2_demote`: its L2Eviction and l2_demote_tiles. Also checks
/// which origins the driver asked for, in which order.
template <class Engine, int Stages, int Box, L2Eviction E = L2Eviction::Normal>
int stream_mismatches(int n, int l2_prefetch = 0, int l2_demote = 0) {
  using Policy = Kokkos::TeamPolicy<test::Space>;
  Kokkos::View<float**, Kokkos::LayoutRight, test::Space> v("v", 1, n);
  Kokkos::parallel_for(Kokkos::RangePolicy<test::Space>(0, n), KOKKOS_LAMBDA(int i) { v(0, i) = float(i + 1); });
  auto src = make_tile_source<1, Box>(v);
  LaunchResources res;
  std::string why = impl::EngineSupport<Engine, test::Space>::prepare(src, res);
  REQUIRE(why.empty());
  Kokkos::View<int, test::Space> bad("bad"), seen("seen"), outside("outside"), origins("origins");
  int const tiles = (n + Box - 1) / Box;
  // Origins asked for, in call order (meaningful where one thread asks: the producer).
  Kokkos::View<int*, test::Space> log("log", 3 * std::size_t(tiles) + 1);
  auto body = KOKKOS_LAMBDA(Policy::member_type const& team) {
    tile_loop<Engine, Stages, stream_threads>(
        team, tiles,
        [&](ConsumerContext const& ctx, int t, auto const& tile) {
          for (int i = ctx.rank; i < Box; i += ctx.count) {
            long const g = long(t) * Box + i;
            float const expect = g < n ? float(g + 1) : 0.f;
            if (tile(0, i) != expect) Kokkos::atomic_inc(&bad());
            Kokkos::atomic_inc(&seen());
          }
        },
        operand<E>(src, [=](int t) {
          // The driver must never ask for a tile outside [0, tiles): not in the prologue,
          // not in the drain (C02, C06), whatever the engine and stage count.
          if (t < 0 || t >= tiles) Kokkos::atomic_inc(&outside());
          int const call = Kokkos::atomic_fetch_add(&origins(), 1);
          if (call < int(log.extent(0))) log(call) = t;
          return TileOrigin{{0, std::int64_t(t) * Box}};
        }, l2_prefetch, l2_demote));
  };
  constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, Stages, decltype(src)>();
  auto policy = make_team_policy<Policy>(test::Space{}, 1, tile_loop_team_size<Engine>(stream_threads), scratch, body,
                                         "stream");
  Kokkos::parallel_for(policy, body);
  int hb = -1, hs = -1, ho = -1, hn = -1;
  Kokkos::deep_copy(hb, bad);
  Kokkos::deep_copy(hs, seen);
  Kokkos::deep_copy(ho, outside);
  Kokkos::deep_copy(hn, origins);
  CHECK(hs == tiles * Box);
  CHECK(ho == 0);
  if constexpr (Engine::l2_prefetch) {
    // One elected thread asks for each tile's origin once to load it and, with prefetching,
    // once more to prefetch it, at the distance asked for, in order.
    // With L2Eviction::Last and l2_demote_tiles m > 0, after the loop the team asks once more
    // for the origin of each row (one here) of the last min(m, tiles) tiles, to demote it.
    std::vector<int> const want = expected_origin_calls(tiles, Stages, l2_prefetch);
    static_assert(decltype(src)::box_outer == 1, "one row per tile: one demotion call per demoted tile");
    int const demoted = E == L2Eviction::Last && Engine::l2_eviction_hints ? std::clamp(l2_demote, 0, tiles) : 0;
    REQUIRE(hn == int(want.size()) + demoted);
    auto const h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, log);
    for (int i = 0; i < int(want.size()); ++i) {
      CAPTURE(i);
      CHECK(h(i) == want[std::size_t(i)]);
    }
    std::vector<int> tail(h.data() + want.size(), h.data() + hn), expect_tail;
    std::sort(tail.begin(), tail.end());
    for (int t = tiles - demoted; t < tiles; ++t) expect_tail.push_back(t);
    CHECK(tail == expect_tail);
  } else {
    // Every thread computes each tile's origin once for its share of the copy; no prefetch.
    CHECK(hn == tiles * tile_loop_team_size<Engine>(stream_threads));
  }
  return hb;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("C09: 1-D stream of n = 128k+5 zero-fills the edge tile; slots are reused in order",
                        "[tile_loop][field][C09]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  for (int n : {5, 128, 133, 128 * 3 + 5, 128 * 11 + 5}) {
    CAPTURE(E::name, S, n);
    CHECK(stream_mismatches<E, S, 128>(n) == 0);
  }
}

template <class Engine, int... S>
void stream_every_stage_count() {
  auto one = [](auto stages_c) {
    constexpr int st = decltype(stages_c)::value;
    for (int n : {5, 128 * 5 + 5, 128 * 10}) {
      CAPTURE(Engine::name, st, n);
      CHECK(stream_mismatches<Engine, st, 128>(n) == 0);
    }
  };
  (one(std::integral_constant<int, S>{}), ...);
}

TEST_CASE("C06: no engine asks for a tile past the last one, at any stage count", "[tile_loop][field][C06][C02]") {
  stream_every_stage_count<engine::Synchronous, 1, 2, 3, 4, 5, 6, 7, 8>();
#if ETAGE_HAS_CUDA_ENGINES
  stream_every_stage_count<engine::RegisterDoubleBuffer, 2>();
  stream_every_stage_count<engine::CpAsync, 2, 3, 4, 5, 6, 7, 8>();
  stream_every_stage_count<engine::BulkTensor, 2, 3, 4, 5, 6, 7, 8>();
#endif
}

TEST_CASE("L2 prefetch: tiles t+1 ... t+k after the load of tile t, each once, none past the last",
          "[tile_loop][prefetch][C06]") {
  // Engines without a prefetching producer ignore the request (their origin calls are one per
  // thread and tile, checked in stream_mismatches).
  for (int n : {5, 128 * 2, 128 * 5 + 5, 128 * 10}) {
    for (int k : {0, 1, 2, 3, 9}) {
      CAPTURE(n, k);
      CHECK(stream_mismatches<engine::Synchronous, 2, 128>(n, k) == 0);
#if ETAGE_HAS_CUDA_ENGINES
      CHECK(stream_mismatches<engine::BulkTensor, 2, 128>(n, k) == 0);
      CHECK(stream_mismatches<engine::BulkTensor, 4, 128>(n, k) == 0);
#endif
    }
  }
}

TEST_CASE("L2 demotion: the rows of the last tiles, each once, after every other origin", "[tile_loop][l2-eviction]") {
  // Engines without L2 eviction hints ignore both the hint and the demotion (no extra origin
  // calls: stream_mismatches checks the count).
  for (int n : {5, 128 * 3, 128 * 7 + 5}) {
    for (int m : {0, 1, 2, 5, 100}) {
      CAPTURE(n, m);
      CHECK(stream_mismatches<engine::Synchronous, 2, 128, L2Eviction::Last>(n, 0, m) == 0);
#if ETAGE_HAS_CUDA_ENGINES
      CHECK(stream_mismatches<engine::CpAsync, 3, 128, L2Eviction::Last>(n, 0, m) == 0);
      CHECK(stream_mismatches<engine::BulkTensor, 2, 128, L2Eviction::Last>(n, 0, m) == 0);
      CHECK(stream_mismatches<engine::BulkTensor, 4, 128, L2Eviction::Last>(n, 3, m) == 0);
      // Without the evict_last hint nothing is demoted, whatever l2_demote_tiles says.
      CHECK(stream_mismatches<engine::BulkTensor, 2, 128>(n, 0, m) == 0);
#endif
    }
  }
}

TEST_CASE("A box row's bytes inside the tensor (what an L2 demotion covers)", "[tile][l2-eviction]") {
  auto const at = [](auto const& e) { return reinterpret_cast<std::uintptr_t>(&e); };
  // Compares begin and end apart, so that a failure prints them (Catch2 cannot print a pair).
  auto const span_is = [](auto const& s, std::int64_t c0, std::int64_t c1, int r, std::uintptr_t b,
                          std::uintptr_t e) {
    auto const got = impl::box_row_bytes(s, c0, c1, r);
    CAPTURE(c0, c1, r);
    CHECK(got.first == b);
    CHECK(got.second == e);
  };
  // Inner = 1 (LayoutRight): rows are the view's rows; a padded row stride (subview).
  Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace> base("base", 10, 64);
  auto v = Kokkos::subview(base, Kokkos::ALL, Kokkos::make_pair(0, 50));
  auto const s = make_tile_source<4, 16>(v);
  STATIC_CHECK(decltype(s)::inner == 1);
  span_is(s, -1, -5, 0, 0, 0);                                     // row -1
  span_is(s, -1, -5, 1, at(v(0, 0)), at(v(0, 10)) + 4);            // columns -5..10
  span_is(s, 8, 40, 1, at(v(9, 40)), at(v(9, 49)) + 4);            // 40..55, cut at 50
  span_is(s, 8, 40, 2, 0, 0);                                      // row 10
  span_is(s, 3, 50, 0, 0, 0);                                      // columns 50..65
  span_is(s, 3, -16, 0, 0, 0);                                     // columns -16..-1
  span_is(s, 3, 17, 3, at(v(6, 17)), at(v(6, 32)) + 4);            // the whole row
  // Inner = 0 (LayoutLeft): the contiguous dimension is the first; a box (16, 4) has rows of 16
  // elements along it, one per column. The column stride (64) differs from the extent (50).
  Kokkos::View<double**, Kokkos::LayoutLeft, Kokkos::HostSpace> wbase("wbase", 64, 10);
  TileSource<double, 16, 4, 0> t;
  t.data = wbase.data();
  t.extent[0] = 50, t.extent[1] = 10;
  t.stride[0] = 1, t.stride[1] = 64;
  span_is(t, 40, 8, 1, at(wbase(40, 9)), at(wbase(49, 9)) + 8);
  span_is(t, -3, 0, 0, at(wbase(0, 0)), at(wbase(12, 0)) + 8);
  span_is(t, 40, 8, 2, 0, 0);
}

TEMPLATE_LIST_TEST_CASE("C08: a copy of 20 bytes (5 floats) into an 8-float stage zero-fills the tail",
                        "[tile_loop][field][C08]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  CAPTURE(E::name);
  CHECK(stream_mismatches<E, TestType::stages, 8>(5) == 0);
  CHECK(stream_mismatches<E, TestType::stages, 8>(13) == 0);
}

TEST_CASE("A tile loop of 0 tiles runs nothing", "[tile_loop]") {
  CHECK(stream_mismatches<engine::Synchronous, 2, 8>(0) == 0);
}

namespace {
struct NoopTeamKernel {
  template <class Member>
  KOKKOS_FUNCTION void operator()(Member const&) const {}
};
}  // namespace

TEST_CASE("League sizing: bounded by the work, at least one team, persistent where the occupancy is known",
          "[launch]") {
  using etage::impl::league_for;
  using etage::impl::streaming_league;
  test::Space const space;
  int const team = 32;
  std::int64_t const concurrent = etage::impl::concurrent_teams(space, team);
  CHECK(league_for(space, 0, team) == 0);
  CHECK(league_for(space, 1, team) == 1);
  CHECK(league_for(space, 3, team) == 3);
  CHECK(league_for(space, std::int64_t(1) << 40, team) == 4 * concurrent);
  using Policy = Kokkos::TeamPolicy<test::Space>;
  std::int64_t const resident =
      etage::impl::ConcurrentTeams<test::Space>::count<Policy, NoopTeamKernel>(space, team, 1024);
  std::int64_t const big = streaming_league<Policy, NoopTeamKernel>(space, std::int64_t(1) << 40, team, 1024);
  if (resident > 0) {
    // A backend with an occupancy calculator: exactly one wave.
    CHECK(big == resident);
  } else {
    // Host spaces: the concurrency-based league.
    CHECK(big == league_for(space, std::int64_t(1) << 40, team));
  }
  CHECK(streaming_league<Policy, NoopTeamKernel>(space, 5, team, 1024) == std::min<std::int64_t>(5, big));
  CHECK(streaming_league<Policy, NoopTeamKernel>(space, 0, team, 1024) == 0);
}

TEST_CASE("Chunked leagues: at most max_per_team items per team, at least one wave of teams", "[launch]") {
  using etage::impl::chunked_league;
  CHECK(chunked_league(0, 264, 8).league == 0);
  // Large: chunks of the maximum; 3276 = 409 * 8 + 4, so 410 teams, the last with 4 items.
  CHECK(chunked_league(3276, 396, 8).per_team == 8);
  CHECK(chunked_league(3276, 396, 8).league == 410);
  // Fewer items than a wave: one item per team.
  CHECK(chunked_league(198, 264, 8).per_team == 1);
  CHECK(chunked_league(198, 264, 8).league == 198);
  for (std::int64_t items : {1, 7, 8, 9, 263, 264, 265, 1000, 2113, 100000})
    for (std::int64_t wave : {1, 3, 132, 264, 938})
      for (std::int64_t max_per_team : {1, 2, 8}) {
        CAPTURE(items, wave, max_per_team);
        auto const c = chunked_league(items, wave, max_per_team);
        CHECK(c.per_team >= 1);
        CHECK(c.per_team <= max_per_team);
        // Every item has a team, and no team is empty.
        CHECK(c.league * c.per_team >= items);
        CHECK((c.league - 1) * c.per_team < items);
        // At least one wave of teams (one team per item when there are fewer), and chunks as
        // large as a full wave allows (below the maximum).
        CHECK(c.league >= std::min(items, wave));
        if (c.per_team < max_per_team) CHECK(items / (c.per_team + 1) < wave);
      }
}
