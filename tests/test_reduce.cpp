/// Streaming reductions (sum, dot, max_value) on every engine under test: lengths around the
/// tile and row sizes, the field case C09 (n = 128k+5), team sizes that are not powers of
/// two, strided and offset vectors, Auto, bad input.
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <etage/algorithms/reduce.hpp>

#include "test_support.hpp"

using namespace etage;

namespace {

/// How a vector is made: a plain allocation, an offset window (not 16-byte aligned), or a
/// LayoutStride column of an n x 2 matrix (stride 2).
enum class VecKind { Plain, Offset, Strided };

template <class T, VecKind Kind>
struct Vector {
  Kokkos::View<T**, Kokkos::LayoutRight, test::Space> parent;
  std::vector<double> host;
  Vector(std::int64_t n, unsigned seed, double lo, double hi) : host(std::size_t(n)) {
    parent = Kokkos::View<T**, Kokkos::LayoutRight, test::Space>("x", Kind == VecKind::Strided ? n : n + 1,
                                                                  Kind == VecKind::Strided ? 2 : 1);
    auto h = Kokkos::create_mirror_view(parent);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    // Everything outside the window gets a value no reduction may see.
    for (std::size_t i = 0; i < h.span(); ++i) h.data()[i] = T(1e6);
    for (std::int64_t i = 0; i < n; ++i) {
      T const v = T(dist(gen));
      host[std::size_t(i)] = double(v);
      if constexpr (Kind == VecKind::Strided) h(i, 1) = v;
      else h(Kind == VecKind::Offset ? i + 1 : i, 0) = v;
    }
    Kokkos::deep_copy(parent, h);
  }
  auto device() const {
    std::int64_t const n = std::int64_t(host.size());
    if constexpr (Kind == VecKind::Strided) return Kokkos::subview(parent, Kokkos::ALL, 1);
    else if constexpr (Kind == VecKind::Offset)
      return Kokkos::subview(parent, Kokkos::pair<std::int64_t, std::int64_t>(1, n + 1), 0);
    else return Kokkos::subview(parent, Kokkos::pair<std::int64_t, std::int64_t>(0, n), 0);
  }
  bool bulk_ok() const {
    auto const d = device();
    return reinterpret_cast<std::uintptr_t>(d.data()) % 16 == 0 && (d.extent(0) <= 1 || d.stride(0) == 1);
  }
};

/// Compile-time consumer threads for engine E's calls: RegisterDoubleBuffer needs them (256),
/// the others take the default (0).
template <class E>
constexpr int rdb_threads = std::is_same_v<E, engine::RegisterDoubleBuffer> ? 256 : 0;

template <class T>
double tolerance() {
  return std::is_same_v<T, float> ? 2e-4 : 1e-12;
}

template <class Engine, int Stages, int Threads, class T, VecKind Kind = VecKind::Plain>
void check_reductions(std::int64_t n, int team_size) {
  unsigned const seed = test::fresh_seed();
  CAPTURE(Engine::name, Stages, Threads, team_size, n, seed);
  Vector<T, Kind> x(n, seed, -1.0, 1.0), y(n, seed + 1, -1.0, 1.0), neg(n, seed + 2, -2.0, -1.0);
  double sum = 0, sum_abs = 0, dot = 0, dot_abs = 0, mx = -std::numeric_limits<double>::infinity();
  for (std::int64_t i = 0; i < n; ++i) {
    double const a = x.host[std::size_t(i)], b = y.host[std::size_t(i)];
    sum += a, sum_abs += std::abs(a), dot += a * b, dot_abs += std::abs(a * b);
    mx = std::max(mx, neg.host[std::size_t(i)]);
  }
  test::Space const space;
  if constexpr (std::is_same_v<Engine, engine::BulkTensor>) {
    if (!x.bulk_ok()) {
      // The refusal names the first tensor-map rule x breaks, in the order they are checked.
      auto const d = x.device();
      auto const address = reinterpret_cast<std::uintptr_t>(d.data());
      std::string const rule = address % 16 != 0
                                   ? "x: base address " + std::to_string(address) + " is not 16-byte aligned"
                                   : "x: inner stride is " + std::to_string(d.stride(0)) + " elements";
      CHECK_THAT(test::unsupported_engine_message([&] { etage::sum<Engine, Stages, Threads>(space, d, team_size); }),
                 Catch::Matchers::ContainsSubstring("etage::sum<BulkTensor>: " + rule));
      return;
    }
  }
  T const s = etage::sum<Engine, Stages, Threads>(space, x.device(), team_size);
  T const d = etage::dot<Engine, Stages, Threads>(space, x.device(), y.device(), team_size);
  T const m = etage::max_value<Engine, Stages, Threads>(space, neg.device(), team_size);
  CHECK(std::abs(double(s) - sum) <= tolerance<T>() * (sum_abs + 1));
  CHECK(std::abs(double(d) - dot) <= tolerance<T>() * (dot_abs + 1));
  CHECK(double(m) == mx);  // all elements negative: a zero from a padded lane would win
}

/// Lengths around the reshaped row (W = 1 KiB of elements) and the tile (Rows x W).
template <class T>
std::vector<std::int64_t> lengths() {
  std::int64_t const w = 1024 / sizeof(T);
  return {1, 5, w - 1, w, w + 1, 4 * w + 3, 8 * w, 8 * w + 1, 37 * w - 1, 128 * 1000 + 5, (std::int64_t(1) << 20) + 3};
}

/// Consumer thread counts that are not powers of two, as the space allows: at run time
/// (Threads = 0) on the host; on CUDA 96 compile-time and 224 at run time (whole warps, so
/// that BulkTensor runs them too), then 100 and 33 (not whole warps: BulkTensor refuses them).
#if !ETAGE_HAS_CUDA_ENGINES
int host_team_size_max() {
  auto noop = KOKKOS_LAMBDA(Kokkos::TeamPolicy<test::Space>::member_type const&){};
  return Kokkos::TeamPolicy<test::Space>(test::Space{}, 1, 1).team_size_max(noop, Kokkos::ParallelForTag{});
}
#endif

template <class E, int S, class T, VecKind Kind = VecKind::Plain>
void check_default_threads() {
  if constexpr (std::is_same_v<E, engine::RegisterDoubleBuffer>) {
    for (std::int64_t n : lengths<T>()) check_reductions<E, S, 256, T, Kind>(n, 0);
  } else {
    for (std::int64_t n : lengths<T>()) check_reductions<E, S, 0, T, Kind>(n, 0);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("Reductions over lengths around the tile, float and double", "[reduce]",
                        test::EnginesUnderTest) {
  check_default_threads<typename TestType::engine, TestType::stages, float>();
  check_default_threads<typename TestType::engine, TestType::stages, double>();
}

TEMPLATE_LIST_TEST_CASE("Reductions over strided and unaligned vectors", "[reduce][subview]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  constexpr int TH = rdb_threads<E>;
  for (std::int64_t n : {std::int64_t(1), std::int64_t(300), std::int64_t(128 * 7 + 5), std::int64_t(5000)}) {
    check_reductions<E, S, TH, float, VecKind::Offset>(n, 0);
    check_reductions<E, S, TH, double, VecKind::Strided>(n, 0);
  }
}

TEMPLATE_LIST_TEST_CASE("Reductions with team sizes that are not powers of two", "[reduce][team_size]",
                        test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
#if ETAGE_HAS_CUDA_ENGINES
  for (std::int64_t n : lengths<float>()) check_reductions<E, S, 96, float>(n, 0);
  if constexpr (!std::is_same_v<E, engine::RegisterDoubleBuffer>)
    for (std::int64_t n : lengths<float>()) check_reductions<E, S, 0, float>(n, 224);
  // Teams that are not whole warps: 100 consumer threads (3 warps and 4 threads) and 33.
  if constexpr (std::is_same_v<E, engine::BulkTensor>) {
    // Its consumers arrive on the empty barriers one warp at a time: a clear refusal for a
    // run-time team size and for a compile-time Threads (whose kernel is never instantiated);
    // Auto runs the call on the next engine.
    test::Space const space;
    Kokkos::View<float*, test::Space> x("x", 5000);
    Kokkos::deep_copy(x, 1.0f);
    CHECK_THAT(test::unsupported_engine_message([&] { etage::sum<E, S>(space, x, 100); }),
               Catch::Matchers::ContainsSubstring("consumer threads 100 is not a multiple of 32"));
    CHECK_THAT(test::unsupported_engine_message([&] { etage::max_value<E, S, 33>(space, x); }),
               Catch::Matchers::ContainsSubstring("consumer threads 33 is not a multiple of 32"));
    float auto_sum = 0;
    std::string const label = test::only_label("etage::sum<", [&] { auto_sum = etage::sum(space, x, 100); });
    CHECK(auto_sum == 5000.0f);
    CHECK_THAT(label, Catch::Matchers::StartsWith("etage::sum<CpAsync, ") &&
                          Catch::Matchers::ContainsSubstring(", 100 consumer threads, "));
  } else if constexpr (std::is_same_v<E, engine::RegisterDoubleBuffer>) {
    for (std::int64_t n : lengths<float>()) check_reductions<E, S, 100, float>(n, 0);
    check_reductions<E, S, 33, double>(128 * 1000 + 5, 0);
  } else {
    for (std::int64_t n : lengths<float>()) check_reductions<E, S, 0, float>(n, 100);
    check_reductions<E, S, 0, double>(128 * 1000 + 5, 33);
  }
#else
  int const max = host_team_size_max();
  for (int ts = 1; ts <= std::min(max, 5); ++ts)
    for (std::int64_t n : lengths<float>()) check_reductions<E, S, 0, float>(n, ts);
  check_reductions<E, S, 1, double>(128 * 1000 + 5, 0);  // compile-time Threads on the host
#endif
}

// C09 here: the results over n = 128k+5 (an edge tile that arrives zero-filled). That the loops over
// a stage have no branch per element is checked on the PTX (tests/cuda/reduce_loop_check.sh).
TEMPLATE_LIST_TEST_CASE("C09: reductions over n = 128k+5 (edge tile zero-filled)", "[reduce][field][C09]",
                        test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int TH = rdb_threads<E>;
  for (std::int64_t k : {1, 3, 1000, 8191}) check_reductions<E, TestType::stages, TH, float>(128 * k + 5, 0);
}

TEST_CASE("Reductions with engine Auto", "[reduce][auto]") {
  for (std::int64_t n : lengths<float>()) {
    check_reductions<engine::Auto, 0, 0, float>(n, 0);
    check_reductions<engine::Auto, 0, 0, double, VecKind::Offset>(n, 0);
  }
}

TEST_CASE("Reductions: empty vectors and bad input", "[reduce][errors]") {
  using Catch::Matchers::ContainsSubstring;
  using Catch::Matchers::MessageMatches;
  test::Space const space;
  Kokkos::View<float*, test::Space> empty("empty", 0), x("x", 5), y("y", 6);
  CHECK(etage::sum(space, empty) == 0.f);
  CHECK(etage::dot(space, empty, empty) == 0.f);
  REQUIRE_THROWS_MATCHES(etage::max_value(space, empty), EmptyView, MessageMatches(ContainsSubstring("n = 0")));
  REQUIRE_THROWS_MATCHES(etage::dot(space, x, y), ExtentMismatch,
                         MessageMatches(ContainsSubstring("5 elements") && ContainsSubstring("has 6")));
  REQUIRE_THROWS_MATCHES((etage::sum<engine::Synchronous, 1, 4>(space, x, 3)), InvalidArgument,
                         MessageMatches(ContainsSubstring("team_size 3") && ContainsSubstring("Threads 4")));
  REQUIRE_THROWS_MATCHES(etage::sum(space, x, -2), InvalidArgument, MessageMatches(ContainsSubstring("-2")));
  auto noop = KOKKOS_LAMBDA(Kokkos::TeamPolicy<test::Space>::member_type const&){};
  int const max = Kokkos::TeamPolicy<test::Space>(space, 1, 1).team_size_max(noop, Kokkos::ParallelForTag{});
  REQUIRE_THROWS_AS((etage::sum<engine::Synchronous>(space, x, max + 1000)), LaunchConfigError);
  // With engine::Auto too: a team size no engine can launch is the caller's error, not the engines'.
  REQUIRE_THROWS_MATCHES(etage::sum(space, x, max + 1000), LaunchConfigError,
                         MessageMatches(ContainsSubstring(std::to_string(max + 1000)) &&
                                        ContainsSubstring(std::to_string(max))));
  REQUIRE_THROWS_AS(etage::dot(space, x, x, max + 1000), LaunchConfigError);
}

namespace {
/// max_value of n elements of T, all `fill` except `special` at `at`.
template <class E, int S, class T>
T max_with(std::int64_t n, T fill, std::int64_t at, T special) {
  Kokkos::View<T*, test::Space> x("x", n);
  auto h = Kokkos::create_mirror_view(x);
  for (std::int64_t i = 0; i < n; ++i) h(i) = fill - T(i % 7);
  if (at >= 0) h(at) = special;
  Kokkos::deep_copy(x, h);
  return etage::max_value<E, S, rdb_threads<E>>(test::Space{}, x);
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("max_value propagates a NaN wherever it is", "[reduce][nan]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  // Body tiles go through 16-byte vectors, the tail (n mod 1 KiB of elements) element by
  // element: 128 * 37 + 5 floats put n - 1 in the tail, n / 2 in the body.
  for (std::int64_t n : {std::int64_t(5), std::int64_t(128 * 37 + 5)})
    for (std::int64_t at : {std::int64_t(0), n / 2, n - 1}) {
      CAPTURE(E::name, n, at);
      CHECK(std::isnan(max_with<E, S>(n, 3.0f, at, std::numeric_limits<float>::quiet_NaN())));
      CHECK(std::isnan(max_with<E, S>(n, 3.0, at, std::numeric_limits<double>::quiet_NaN())));
    }
}

TEMPLATE_LIST_TEST_CASE("Reductions of small integers are exact: no element dropped or counted twice", "[reduce][exact]",
                        test::EnginesUnderTest) {
  // The random-input tests allow a rounding tolerance that grows with n (about 13 at n =
  // 128000 + 5), within which a dropped tail could hide. Here every partial sum is an integer
  // below 2^24 in magnitude (x in -8..8, x y in -8..8: at most 8 n + 1000), so float adds them
  // exactly in any order, and the results must equal the host's exactly. The last element (in
  // the tail, or the last row) is a marker no other element matches: x = 1000, y = 1, so that
  // it is also the maximum.
  using E = typename TestType::engine;
  constexpr int S = TestType::stages, TH = rdb_threads<E>;
  for (std::int64_t n : lengths<float>()) {
    CAPTURE(E::name, n);
    Kokkos::View<float*, test::Space> x("x", n), y("y", n);
    auto hx = Kokkos::create_mirror_view(x);
    auto hy = Kokkos::create_mirror_view(y);
    long sum = 0, dot = 0, mx = -100;
    for (std::int64_t i = 0; i < n; ++i) {
      bool const last = i + 1 == n;
      long const a = last ? 1000 : long((i * 7919) % 17) - 8, b = last ? 1 : long((i * 104729) % 3) - 1;
      hx(i) = float(a), hy(i) = float(b);
      sum += a, dot += a * b, mx = std::max(mx, a);
    }
    Kokkos::deep_copy(x, hx);
    Kokkos::deep_copy(y, hy);
    test::Space const space;
    CHECK(double(etage::sum<E, S, TH>(space, x)) == double(sum));
    CHECK(double(etage::dot<E, S, TH>(space, x, y)) == double(dot));
    CHECK(double(etage::max_value<E, S, TH>(space, x)) == double(mx));
  }
}

TEMPLATE_LIST_TEST_CASE("max_value over infinities", "[reduce][inf]", test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int S = TestType::stages;
  float const inf = std::numeric_limits<float>::infinity();
  for (std::int64_t n : {std::int64_t(1), std::int64_t(128 * 37 + 5)}) {
    CAPTURE(E::name, n);
    // Every element -inf: the identity (-inf) must not turn into -FLT_MAX or 0.
    CHECK(max_with<E, S>(n, -inf, -1, 0.0f) == -inf);
    CHECK(max_with<E, S>(n, -std::numeric_limits<double>::infinity(), -1, 0.0) ==
          -std::numeric_limits<double>::infinity());
    for (std::int64_t at : {std::int64_t(0), n / 2, n - 1}) {
      CAPTURE(at);
      CHECK(max_with<E, S>(n, -1e30f, at, inf) == inf);
      CHECK(max_with<E, S>(n, -inf, at, -2.5f) == -2.5f);
    }
  }
}

/// Inputs of the tests that repeat reductions: 2^20 + 3 floats, x in [-1, 1) and y in
/// [0, 1), from a fresh seed (CAPTURE in.seed).
struct RepeatInputs {
  std::int64_t n = (std::int64_t(1) << 20) + 3;
  unsigned seed = test::fresh_seed();
  Vector<float, VecKind::Plain> x{n, seed, -1.0, 1.0}, y{n, seed + 1, 0.0, 1.0};
};

TEMPLATE_LIST_TEST_CASE("Back-to-back reductions: the last team's final reduction is repeatable", "[reduce][repeat]",
                        test::EnginesUnderTest) {
  // Each call resets the arrival counter and the last team to arrive reduces the partials
  // in league order, so the same call on the same data gives the same bits; a counter left
  // over from the previous call would let no team (or a wrong one) finish the reduction.
  using E = typename TestType::engine;
  constexpr int TH = rdb_threads<E>;
  RepeatInputs const in;
  CAPTURE(E::name, in.seed);
  auto const &x = in.x, &y = in.y;
  double sum = 0, sum_abs = 0;
  for (double v : x.host) sum += v, sum_abs += std::abs(v);
  test::Space const space;
  float const first = etage::sum<E, TestType::stages, TH>(space, x.device());
  CHECK(std::abs(double(first) - sum) <= tolerance<float>() * (sum_abs + 1));
  for (int round = 0; round < 3; ++round) {
    // A different reduction in between reuses the pooled counter and partials.
    (void)etage::max_value<E, TestType::stages, TH>(space, y.device());
    CHECK(etage::sum<E, TestType::stages, TH>(space, x.device()) == first);
  }
}

TEST_CASE("BufferPool hands back released buffers, 128-byte aligned and large enough", "[pool]") {
  using Pool = etage::impl::BufferPool<test::Space::memory_space>;
  void* first = nullptr;
  {
    auto a = Pool::acquire(1000);
    REQUIRE(a.get() != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(a.get()) % 128 == 0);
    first = a.get();
    auto b = Pool::acquire(1000);  // a is held: a different buffer
    CHECK(b.get() != first);
  }
  // Both are back in the pool: a request of the same size reuses one of them.
  auto c = Pool::acquire(1000);
  auto d = Pool::acquire(1000);
  CHECK((c.get() == first || d.get() == first));
  // A larger request than any free buffer gets a fresh one, usable over its whole length.
  auto e = Pool::acquire(1 << 20);
  Kokkos::View<unsigned char*, test::Space::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> v(
      static_cast<unsigned char*>(e.get()), 1 << 20);
  Kokkos::deep_copy(v, 7);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, v);
  long sum = 0;
  for (int i = 0; i < (1 << 20); ++i) sum += h(i);
  CHECK(sum == 7L * (1 << 20));
}

TEMPLATE_LIST_TEST_CASE("Reductions into a rank-0 view match the value forms, asynchronously", "[reduce][async]",
                        test::EnginesUnderTest) {
  using E = typename TestType::engine;
  constexpr int TH = rdb_threads<E>;
  std::int64_t const n = 128 * 37 + 5;
  unsigned const seed = test::fresh_seed();
  CAPTURE(E::name, seed);
  Vector<float, VecKind::Plain> x(n, seed, -1.0, 1.0), y(n, seed + 1, -1.0, 1.0);
  test::Space const space;
  // Three results in device memory, enqueued back to back without a fence in between.
  Kokkos::View<float, test::Space> s("s"), d("d"), m("m");
  etage::sum<E, TestType::stages, TH>(space, x.device(), s);
  etage::dot<E, TestType::stages, TH>(space, x.device(), y.device(), d);
  etage::max_value<E, TestType::stages, TH>(space, y.device(), m);
  float hs = 0, hd = 0, hm = 0;
  Kokkos::deep_copy(hs, s);
  Kokkos::deep_copy(hd, d);
  Kokkos::deep_copy(hm, m);
  CHECK(hs == etage::sum<E, TestType::stages, TH>(space, x.device()));
  CHECK(hd == etage::dot<E, TestType::stages, TH>(space, x.device(), y.device()));
  CHECK(hm == etage::max_value<E, TestType::stages, TH>(space, y.device()));
  double ref = 0, ref_abs = 0;
  for (double v : x.host) ref += v, ref_abs += std::abs(v);
  CHECK(std::abs(double(hs) - ref) <= tolerance<float>() * (ref_abs + 1));
}

TEST_CASE("Reductions into a view: an empty vector writes 0, bad results throw", "[reduce][async][errors]") {
  using Catch::Matchers::ContainsSubstring;
  test::Space const space;
  Kokkos::View<float*, test::Space> empty("empty", 0);
  Kokkos::View<float, test::Space> r("r");
  Kokkos::deep_copy(r, 5.0f);
  etage::sum(space, empty, r);
  float h = -1;
  Kokkos::deep_copy(h, r);
  CHECK(h == 0.0f);
  REQUIRE_THROWS_AS(etage::max_value(space, empty, r), EmptyView);
  Kokkos::View<float*, test::Space> x("x", 10);
  Kokkos::View<float, test::Space> unallocated;
  REQUIRE_THROWS_MATCHES(etage::sum(space, x, unallocated), EmptyView,
                         Catch::Matchers::MessageMatches(ContainsSubstring("result view is not allocated")));
}

TEST_CASE("BufferPool reuse is stream-ordered: a buffer goes back only to the instance that held it",
          "[pool][async]") {
  using Pool = etage::impl::BufferPool<test::Space::memory_space>;
  auto const instances = Kokkos::Experimental::partition_space(test::Space{}, 1, 1);
  test::Space const &a = instances[0], &b = instances[1];
  void* held = nullptr;
  { held = Pool::acquire(a, 3000).get(); }  // dropped at once, as an asynchronous call does
  auto again = Pool::acquire(a, 3000);
  CHECK(again.get() == held);  // the same instance reuses it
  if (a.impl_instance_id() != b.impl_instance_id()) {
    // Another instance (another stream on a GPU) may still be queued behind the first one's
    // work: it never receives a buffer the first one let go of.
    void* const a_buffer = again.get();
    again.reset();
    auto other = Pool::acquire(b, 3000);
    CHECK(other.get() != a_buffer);
  }
}

TEST_CASE("BufferPool: an unpooled buffer is never taken from nor returned to the free lists", "[pool][async]") {
  using Pool = etage::impl::BufferPool<test::Space::memory_space>;
  test::Space const space;
  // A released pooled buffer sits in this instance's free list; an unpooled request of a
  // size it fits does not take it.
  void* released = nullptr;
  { released = Pool::acquire(space, 1000).get(); }
  void* own = nullptr;
  {
    auto u = Pool::allocate_unpooled(space, 200);
    REQUIRE(u.get() != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(u.get()) % 128 == 0);
    CHECK(u.get() != released);
    own = u.get();
  }
  // Dropped: freed, not pooled. Pooled requests now come from the free list, smallest buffer
  // first, until `released` (which fits them) is handed out; had the smaller unpooled
  // buffer gone into the list, it would be handed out before `released`. No request here
  // allocates (a fitting free buffer exists), so none can get `own`'s address afresh.
  std::vector<std::shared_ptr<void>> held;
  bool found = false;
  for (int i = 0; i < 100000 && !found; ++i) {
    held.push_back(Pool::acquire(space, 200));
    CHECK(held.back().get() != own);
    found = held.back().get() == released;
  }
  CHECK(found);
}

TEMPLATE_LIST_TEST_CASE("Asynchronous reductions on two instances at once stay exact", "[reduce][async][repeat]",
                        test::EnginesUnderTest) {
  // Each instance's calls reuse its own pooled counter and partials while the other
  // instance's kernels may still run: a buffer shared across them would mix partials.
  using E = typename TestType::engine;
  constexpr int TH = rdb_threads<E>;
  RepeatInputs const in;
  CAPTURE(E::name, in.seed);
  auto const &x = in.x, &y = in.y;
  auto const instances = Kokkos::Experimental::partition_space(test::Space{}, 1, 1);
  float const sx = etage::sum<E, TestType::stages, TH>(instances[0], x.device());
  float const sy = etage::sum<E, TestType::stages, TH>(instances[1], y.device());
  constexpr int rounds = 8;
  Kokkos::View<float*, test::Space> rx("rx", rounds), ry("ry", rounds);
  for (int k = 0; k < rounds; ++k) {
    etage::sum<E, TestType::stages, TH>(instances[0], x.device(), Kokkos::subview(rx, k));
    etage::sum<E, TestType::stages, TH>(instances[1], y.device(), Kokkos::subview(ry, k));
  }
  auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, rx);
  auto hy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, ry);
  for (int k = 0; k < rounds; ++k) {
    CAPTURE(k);
    CHECK(hx(k) == sx);
    CHECK(hy(k) == sy);
  }
}
