/// Field cases that apply only to the CUDA engines (C03, C04, C05, C06), run on the GPU.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "gemm_check.hpp"

#if ETAGE_HAS_CUDA_ENGINES
using namespace etage;
using test::gemm_relative_error;
using test::gemm_tolerance;
using test::ViewKind;
using HostC = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace>;
using Default = default_gemm_tile<test::Space, float>;

namespace {

/// Thread 0 of each team counts its team in, then waits until the whole league has counted
/// in, for at most ~2^31 cycles (about a second). Every team can count in only when the
/// whole league is resident at once; otherwise the resident teams time out.
template <class Policy>
struct CoResidency {
  Kokkos::View<int, Kokkos::CudaSpace> arrived, timed_out;
  int league;
  KOKKOS_FUNCTION void operator()(typename Policy::member_type const& team) const {
    if (team.team_rank() == 0) {
      Kokkos::atomic_inc(&arrived());
      KOKKOS_IF_ON_DEVICE((
        long long const start = clock64();
        while (Kokkos::atomic_load(&arrived()) < league) {
          if (clock64() - start > (1LL << 31)) {
            Kokkos::atomic_inc(&timed_out());
            break;
          }
        }
      ))
    }
    team.team_barrier();
  }
};

/// Launches a league of ConcurrentTeams teams (plus `extra`); returns how many teams timed
/// out waiting for the whole league.
template <class Policy>
int co_residency_timeouts(int team_size, std::size_t scratch, std::int64_t& league, std::int64_t extra = 0) {
  using Kernel = CoResidency<Policy>;
  Kokkos::Cuda space;
  league = impl::ConcurrentTeams<Kokkos::Cuda>::count<Policy, Kernel>(space, team_size, scratch);
  REQUIRE(league >= space.cuda_device_prop().multiProcessorCount);
  std::int64_t const launched = league + extra;
  Kernel k{Kokkos::View<int, Kokkos::CudaSpace>("arrived"), Kokkos::View<int, Kokkos::CudaSpace>("timed_out"),
           int(launched)};
  Kokkos::parallel_for("etage::test::co_residency",
                       Policy(space, int(launched), team_size).set_scratch_size(0, Kokkos::PerTeam(scratch)), k);
  int timeouts = 0, arrived = 0;
  Kokkos::deep_copy(timeouts, k.timed_out);
  Kokkos::deep_copy(arrived, k.arrived);
  CHECK(arrived == launched);
  return timeouts;
}

/// Queued work that writes a buffer late: each thread spins for ~2^25 cycles (about 17 ms),
/// then stores 0xFF into its byte.
struct LateWriter {
  unsigned char* p;
  KOKKOS_FUNCTION void operator()(int i) const {
    KOKKOS_IF_ON_DEVICE((
      long long const start = clock64();
      while (clock64() - start < (1LL << 25)) {
      }
    ))
    p[i] = 0xFF;
  }
};

}  // namespace

TEST_CASE("Streaming leagues are co-resident: ConcurrentTeams matches the hardware", "[cuda][occupancy]") {
  std::int64_t league = 0;
  cudaDeviceProp const prop = Kokkos::Cuda().cuda_device_prop();
  // Teams per SM the hardware limits give a kernel of trivial register use: threads, shared
  // memory (Kokkos' 8 * (team + 2) bytes + scratch + the per-block reservation, in 128-byte
  // units), blocks.
  auto expected_per_sm = [&](int team, std::size_t scratch) {
    std::size_t const smem = (8 * std::size_t(team + 2) + scratch + prop.reservedSharedMemPerBlock + 127) / 128 * 128;
    return std::min({prop.maxThreadsPerMultiProcessor / team, int(prop.sharedMemPerMultiprocessor / smem),
                     prop.maxBlocksPerMultiProcessor});
  };
  SECTION("288 threads, launch bounds for 5 teams per SM, 16 KiB of scratch (threads bound it)") {
    using P = Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::LaunchBounds<288, 5>>;
    CHECK(co_residency_timeouts<P>(288, 16 * 1024 + 72, league) == 0);
    CAPTURE(league);
    CHECK(league == std::int64_t(expected_per_sm(288, 16 * 1024 + 72)) * prop.multiProcessorCount);
  }
  SECTION("256 threads, no launch bounds, 40,000 bytes of scratch (shared memory bounds it)") {
    using P = Kokkos::TeamPolicy<Kokkos::Cuda>;
    CHECK(co_residency_timeouts<P>(256, 40000, league) == 0);
    CAPTURE(league);
    CHECK(league == std::int64_t(expected_per_sm(256, 40000)) * prop.multiProcessorCount);
  }
  SECTION("the probe fails when the league is one wave too large") {
    // Shows the check above can fail: with one more team per SM than fits, the resident
    // teams wait for teams that cannot start, and time out.
    using P = Kokkos::TeamPolicy<Kokkos::Cuda>;
    std::int64_t const extra = prop.multiProcessorCount;
    CHECK(co_residency_timeouts<P>(256, 40000, league, extra) > 0);
  }
}

TEST_CASE("BulkTensor: back-to-back transposes reuse the pooled tensor-map buffer and stay exact",
          "[cuda][pool][transpose]") {
  // Each call rewrites the map in the same pooled device buffer; a stale descriptor in the
  // kernel would copy the previous call's matrix.
  for (int round = 0; round < 3; ++round) {
    int const m = 96 + 32 * round, n = 160 - 16 * round;
    CAPTURE(round, m, n);
    Kokkos::View<float**, Kokkos::LayoutRight, test::Space> a("a", m, n), b("b", n, m);
    auto ha = Kokkos::create_mirror_view(a);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) ha(i, j) = float(round * 100000 + i * n + j);
    Kokkos::deep_copy(a, ha);
    transpose<engine::BulkTensor, 4, 32>(test::Space{}, a, b);
    auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, b);
    int wrong = 0;
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) wrong += hb(j, i) != ha(i, j);
    CHECK(wrong == 0);
  }
}

TEST_CASE("BulkTensor: tensor maps are cached by content; a new operand gets its own", "[cuda][pool][transpose]") {
  Kokkos::View<float**, Kokkos::LayoutRight, test::Space> a("a", 64, 96), b("b", 96, 64), c("c", 64, 96);
  Kokkos::deep_copy(a, 1.0f);
  Kokkos::deep_copy(c, 2.0f);
  using Cache = etage::impl::TensorMapCache;
  // Counting needs room for two new entries (a full cache is emptied on the next miss).
  bool const room = Cache::size() + 2 < Cache::capacity;
  transpose<engine::BulkTensor, 2>(test::Space{}, a, b);
  std::size_t const after_first = Cache::size();
  CHECK(after_first >= 1);  // the map of `a` is cached (its launch may have emptied a full cache)
  transpose<engine::BulkTensor, 2>(test::Space{}, a, b);  // same operand: a cache hit
  if (room) CHECK(Cache::size() == after_first);
  transpose<engine::BulkTensor, 2>(test::Space{}, c, b);  // another address: a new entry
  if (room) CHECK(Cache::size() == after_first + 1);
  auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, b);
  int wrong = 0;
  for (int j = 0; j < 96; ++j)
    for (int i = 0; i < 64; ++i) wrong += hb(j, i) != 2.0f;
  CHECK(wrong == 0);  // the last call read c, not a's cached map
}

TEST_CASE("BulkTensor: a new tensor map never lands in a pooled buffer that queued work still writes",
          "[cuda][pool]") {
  // Asynchronous algorithms release pooled buffers (reduction partials) while their kernels
  // are queued; the tensor-map copy runs on another stream and would not wait for them.
  using Pool = etage::impl::BufferPool<Kokkos::CudaSpace>;
  using Cache = etage::impl::TensorMapCache;
  Kokkos::Cuda space;  // the instance whose free list the cache once drew on
  // Drain this instance's free list of every buffer a tensor map could take, so that the
  // buffer released below is the only free one.
  std::vector<std::shared_ptr<void>> held;
  for (int i = 0; i < 256; ++i) held.push_back(Pool::acquire(space, sizeof(CUtensorMap)));
  std::shared_ptr<void> busy = Pool::acquire(space, sizeof(CUtensorMap));
  auto* const busy_address = busy.get();
  Kokkos::parallel_for("etage::test::late_writer", Kokkos::RangePolicy<Kokkos::Cuda>(space, 0, sizeof(CUtensorMap)),
                       LateWriter{static_cast<unsigned char*>(busy_address)});
  busy.reset();  // back to the free list while its writer is still queued
  CUtensorMap map{};
  static unsigned salt = 0;  // distinct content on every run in one process: a cache miss
  ++salt;
  auto* const bytes = reinterpret_cast<unsigned char*>(&map);
  for (std::size_t i = 0; i < sizeof(CUtensorMap); ++i) bytes[i] = static_cast<unsigned char>(i * 37 + salt);
  std::shared_ptr<void> const dev = Cache::device_copy(map);
  REQUIRE(dev);
  CHECK(dev.get() != busy_address);
  space.fence();  // the late writer has run
  unsigned char back[sizeof(CUtensorMap)];
  REQUIRE(cudaMemcpy(back, dev.get(), sizeof back, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(std::memcmp(back, bytes, sizeof back) == 0);
}

TEST_CASE("C03: BulkTensor GEMM with K equal to one K tile (trip count 1), stages 2 and 3", "[cuda][field][C03]") {
  unsigned const seed = test::fresh_seed();
  CAPTURE(seed);
  test::GemmCase const g{'N', 'N', 200, 136, Default::bk, 1.0, 0.0};
  CHECK(gemm_relative_error<engine::BulkTensor, 2, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::BulkTensor, 3, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::CpAsync, 3, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed) <=
        gemm_tolerance<float>());
}

TEST_CASE("C04: 2 stages, 1 producer warp, 4 consumer warps, many iterations", "[cuda][field][C04]") {
  using FourWarps = GemmTile<64, 32, 8, 4, 4>;  // (64/4) * (32/4) = 128 consumer threads
  static_assert(FourWarps::threads == 128);
  unsigned const seed = test::fresh_seed();
  CAPTURE(seed);
  for (int k : {3 * 8, 3 * 8 + 5, 17 * 8}) {
    CAPTURE(k);
    test::GemmCase const g{'N', 'N', 130, 70, k, 1.0, 0.0};
    CHECK(gemm_relative_error<engine::BulkTensor, 2, float, Kokkos::LayoutRight, ViewKind::Padded, FourWarps>(g, seed) <=
          gemm_tolerance<float>());
  }
}

TEST_CASE("C05: CpAsync with 3 stages is bit-identical to RegisterDoubleBuffer, Synchronous and BulkTensor",
          "[cuda][field][C05]") {
  unsigned const seed = test::fresh_seed();
  CAPTURE(seed);
  test::GemmCase const g{'N', 'N', 300, 260, 41 * Default::bk + 3, 1.0, 0.0};
  HostC cp("cp", g.m, g.n), rdb("rdb", g.m, g.n), sync("sync", g.m, g.n), bulk("bulk", g.m, g.n);
  CHECK(gemm_relative_error<engine::CpAsync, 3, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed, &cp) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::RegisterDoubleBuffer, 2, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed, &rdb) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::Synchronous, 1, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed, &sync) <=
        gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::BulkTensor, 3, float, Kokkos::LayoutRight, ViewKind::Padded>(g, seed, &bulk) <=
        gemm_tolerance<float>());
  int d_rdb = 0, d_sync = 0, d_bulk = 0;
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      d_rdb += cp(i, j) != rdb(i, j);
      d_sync += cp(i, j) != sync(i, j);
      d_bulk += cp(i, j) != bulk(i, j);
    }
  CHECK(d_rdb == 0);
  CHECK(d_sync == 0);
  CHECK(d_bulk == 0);
}

TEST_CASE("C06: BulkTensor GEMM over 10 K tiles with 3 stages issues nothing past the last tile",
          "[cuda][field][C06]") {
  // Run under compute-sanitizer memcheck: B is an exact-size allocation, so a load past
  // the last K tile would read out of bounds (the driver never issues one).
  unsigned const seed = test::fresh_seed();
  CAPTURE(seed);
  test::GemmCase const g{'N', 'N', 128, 128, 10 * Default::bk, 1.0, 0.0};
  CHECK(gemm_relative_error<engine::BulkTensor, 3, float, Kokkos::LayoutRight>(g, seed) <= gemm_tolerance<float>());
  CHECK(gemm_relative_error<engine::CpAsync, 3, float, Kokkos::LayoutRight>(g, seed) <= gemm_tolerance<float>());
}

TEST_CASE("A forced BulkTensor on unqualified views is UnsupportedEngine; Auto falls back", "[cuda][auto]") {
  Kokkos::View<float**, Kokkos::LayoutRight, test::Space> a("A", 5, 7), b("B", 7, 3), c("C", 5, 3);
  REQUIRE_THROWS_MATCHES(gemm<engine::BulkTensor>('N', 'N', 1.f, a, b, 0.f, c), UnsupportedEngine,
                         Catch::Matchers::MessageMatches(Catch::Matchers::ContainsSubstring("row stride is 28 bytes")));
  REQUIRE_NOTHROW(gemm('N', 'N', 1.f, a, b, 0.f, c));
}
#endif
