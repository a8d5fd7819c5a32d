/// GEMM throughput of every etage engine and stage count, next to the vendor peer measured
/// in the same process (OpenBLAS on the host build, cuBLAS with TF32 off on the CUDA build).
///
/// Names: BM_Gemm<Engine>/stages:S/M:m/N:n/K:k (BM_Gemm<Engine,double>/... for double);
/// the peer is BM_Gemm<OpenBLAS> or BM_Gemm<cuBLAS> with stages:0. C = A^T * B with A
/// stored K x M (so both stage tiles are k-major, the layout an outer-product kernel wants;
/// the peer gets the same memory: transa = T), every view LayoutRight, alpha 1, beta 0. Counters: FLOP/s (2*M*N*K per call), bytes/s (A, B and C
/// once per call), peer_ratio (this FLOP/s over the peer's for the same shape and type).
///
/// Timing: one call per iteration under manual time (std::chrono on the host, where gemm
/// fences; a cudaEvent pair on the space's stream on CUDA), after 0.1 s of untimed calls.
/// On CUDA the inputs rotate over as many A/B/C sets as it takes to exceed twice the L2, so
/// no call finds its operands in L2. Each configuration is checked once per shape against
/// the peer's C (relative Frobenius error); a wrong kernel is reported as an error, never
/// as a number.
///
/// Environment (comma lists; unset = defaults below):
///   ETAGE_BENCH_SIZES=256,512     square sizes (host 256..2048, CUDA 1024..8192)
///   ETAGE_BENCH_STAGES=1,2        stage counts, intersected with each engine's range
///   ETAGE_BENCH_SHAPES=MxNxK,...  extra non-square shapes (CUDA default: 8192x8192x256,
///                                 256x8192x8192, only when ETAGE_BENCH_SIZES is unset)
///   ETAGE_BENCH_DOUBLE_SIZES=1024 square sizes also run in double (host only; default 1024)
///   ETAGE_BENCH_ROTATE_BYTES=N    rotate inputs until N bytes (CUDA default: 2 x L2)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <etage/algorithms/gemm.hpp>
#include <etage/etage.hpp>

#if ETAGE_HAS_CUDA_ENGINES
#include <cublas_v2.h>
#include <cuda_runtime.h>
#else
#include <cblas.h>
#endif

/// Bring-up switch: benchmark only the Synchronous engine on CUDA (while the other CUDA
/// engines are not there yet).
/// Block shape of the etage kernels (void: etage::default_gemm_tile). Build-time knob for
/// tile experiments, e.g. -DETAGE_BENCH_GEMM_TILE='etage::GemmTile<128,128,8,8,8,1>'.
#ifndef ETAGE_BENCH_GEMM_TILE
#define ETAGE_BENCH_GEMM_TILE void
#endif
#ifndef ETAGE_BENCH_SYNCHRONOUS_ONLY
#define ETAGE_BENCH_SYNCHRONOUS_ONLY 0
#endif

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;
template <class T>
using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;

struct Shape {
  int m, n, k;
  auto tie() const { return std::tie(m, n, k); }
  bool operator<(Shape const& o) const { return tie() < o.tie(); }
  bool operator==(Shape const& o) const { return tie() == o.tie(); }
};

template <class T>
constexpr char const* type_name() {
  return std::is_same_v<T, float> ? "float" : "double";
}
/// Benchmark name: float is the unmarked default, other types are named.
template <class T>
std::string bench_name(std::string_view who) {
  std::string s = "BM_Gemm<" + std::string(who);
  if (!std::is_same_v<T, float>) s += std::string(",") + type_name<T>();
  return s + ">";
}

// ---------------------------------------------------------------------------------------
// Environment
// ---------------------------------------------------------------------------------------

using etage_bench::CallTimer;
using etage_bench::env_ints;

std::vector<Shape> env_shapes(char const* var, std::vector<Shape> fallback) {
  char const* v = std::getenv(var);
  if (!v) return fallback;
  std::vector<Shape> out;
  std::stringstream ss(v);
  for (std::string item; std::getline(ss, item, ',');) {
    if (item.empty()) continue;
    Shape s{};
    char x1 = 0, x2 = 0;
    std::stringstream is(item);
    if (!(is >> s.m >> x1 >> s.n >> x2 >> s.k) || x1 != 'x' || x2 != 'x' || s.m <= 0 || s.n <= 0 || s.k <= 0 ||
        !is.eof())
      throw std::invalid_argument(std::string(var) + ": '" + item + "' is not MxNxK with positive extents");
    out.push_back(s);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Peer library and timer
// ---------------------------------------------------------------------------------------

#if ETAGE_HAS_CUDA_ENGINES
#define ETAGE_BENCH_CUBLAS_CHECK(call)                                                             \
  do {                                                                                             \
    cublasStatus_t const etage_bench_st = (call);                                                  \
    if (etage_bench_st != CUBLAS_STATUS_SUCCESS)                                                   \
      throw std::runtime_error(std::string(#call) + ": " + cublasGetStatusString(etage_bench_st)); \
  } while (0)

constexpr char const* peer_name = "cuBLAS";

/// The cuBLAS handle of the run; created on first use, destroyed before Kokkos finalizes.
/// Math mode CUBLAS_DEFAULT_MATH: SGEMM computes in FP32, no TF32 tensor cores (unless the
/// environment sets NVIDIA_TF32_OVERRIDE=1, which the context reports).
cublasHandle_t& cublas_handle() {
  static cublasHandle_t handle = nullptr;
  return handle;
}
cublasHandle_t cublas(Space const& space) {
  cublasHandle_t& h = cublas_handle();
  if (!h) {
    ETAGE_BENCH_CUBLAS_CHECK(cublasCreate(&h));
    ETAGE_BENCH_CUBLAS_CHECK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  }
  ETAGE_BENCH_CUBLAS_CHECK(cublasSetStream(h, space.cuda_stream()));
  return h;
}

/// Row-major C = A^T * B (A stored K x M) as column-major C^T = B^T * A.
template <class T>
void peer_gemm(Space const& space, Matrix<T> const& a, Matrix<T> const& b, Matrix<T> const& c) {
  int const m = int(c.extent(0)), n = int(c.extent(1)), k = int(a.extent(0));
  T const one = 1, zero = 0;
  if constexpr (std::is_same_v<T, float>)
    ETAGE_BENCH_CUBLAS_CHECK(cublasSgemm(cublas(space), CUBLAS_OP_N, CUBLAS_OP_T, n, m, k, &one, b.data(),
                                         int(b.stride(0)), a.data(), int(a.stride(0)), &zero, c.data(),
                                         int(c.stride(0))));
  else
    ETAGE_BENCH_CUBLAS_CHECK(cublasDgemm(cublas(space), CUBLAS_OP_N, CUBLAS_OP_T, n, m, k, &one, b.data(),
                                         int(b.stride(0)), a.data(), int(a.stride(0)), &zero, c.data(),
                                         int(c.stride(0))));
}


/// Twice the L2 of the device Kokkos runs on.
std::size_t default_rotate_bytes() {
  cudaDeviceProp p{};
  ETAGE_BENCH_CUDA_CHECK(cudaGetDeviceProperties(&p, Space().cuda_device()));
  return 2 * std::size_t(p.l2CacheSize);
}

#else  // host

constexpr char const* peer_name = "OpenBLAS";

/// OpenBLAS with its own thread pool; the views are host memory.
template <class T>
void peer_gemm(Space const&, Matrix<T> const& a, Matrix<T> const& b, Matrix<T> const& c) {
  int const m = int(c.extent(0)), n = int(c.extent(1)), k = int(a.extent(0));
  if constexpr (std::is_same_v<T, float>)
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), int(a.stride(0)), b.data(),
                int(b.stride(0)), 0.0f, c.data(), int(c.stride(0)));
  else
    cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, m, n, k, 1.0, a.data(), int(a.stride(0)), b.data(),
                int(b.stride(0)), 0.0, c.data(), int(c.stride(0)));
}


/// Host caches are not defeated: one input set (the host numbers are warm-cache numbers).
std::size_t default_rotate_bytes() { return 0; }

#endif

std::size_t rotate_bytes() {
  static std::size_t const bytes = [] {
    char const* v = std::getenv("ETAGE_BENCH_ROTATE_BYTES");
    return v && *v ? std::size_t(std::strtoull(v, nullptr, 10)) : default_rotate_bytes();
  }();
  return bytes;
}

// ---------------------------------------------------------------------------------------
// Operands: input sets, the peer's reference result and per-configuration checks
// ---------------------------------------------------------------------------------------

/// Sum of squared differences and of squared reference entries, in double.
template <class T>
struct SquaredNorms {
  Matrix<T> c, ref;
  std::int64_t n;
  KOKKOS_FUNCTION void operator()(std::int64_t i, double& diff, double& norm) const {
    std::int64_t const r = i / n, q = i % n;
    double const x = double(ref(r, q)), d = double(c(r, q)) - x;
    diff += d * d;
    norm += x * x;
  }
};

template <class T>
double relative_error(Space const& space, Matrix<T> const& c, Matrix<T> const& ref) {
  double diff = 0, norm = 0;
  std::int64_t const total = std::int64_t(c.extent(0)) * std::int64_t(c.extent(1));
  Kokkos::parallel_reduce("etage::bench::relative_error",
                          Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(space, 0, total),
                          SquaredNorms<T>{c, ref, std::int64_t(c.extent(1))}, diff, norm);
  space.fence("etage::bench::relative_error");
  return std::sqrt(diff) / std::max(std::sqrt(norm), std::numeric_limits<double>::min());
}

template <class T>
constexpr double tolerance() {
  return std::is_same_v<T, float> ? 1e-4 : 1e-10;
}

template <class T>
struct InputSet {
  Matrix<T> a, b, c;
};

/// Inputs of one shape and type: the rotated sets, and the peer's C for set 0.
template <class T>
struct Operands {
  Shape shape;
  std::vector<InputSet<T>> sets;
  Matrix<T> reference;
  /// Per configuration (engine/stages): empty when its C matched the reference, else why not.
  std::map<std::string, std::string> checked;

  Operands(Space const& space, Shape s) : shape(s) {
    std::size_t const set_bytes = sizeof(T) * (std::size_t(s.m) * s.k + std::size_t(s.k) * s.n + std::size_t(s.m) * s.n);
    std::size_t const want = rotate_bytes();
    std::size_t const count = want > set_bytes ? std::min<std::size_t>((want + set_bytes - 1) / set_bytes, 64) : 1;
    Kokkos::Random_XorShift64_Pool<Space> pool(20240601u + std::uint64_t(s.m) * 131 + s.n * 17 + s.k);
    for (std::size_t i = 0; i < count; ++i) {
      InputSet<T> set{Matrix<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "A"), s.k, s.m),
                      Matrix<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "B"), s.k, s.n),
                      Matrix<T>("C", s.m, s.n)};
      Kokkos::fill_random(space, set.a, pool, T(-1), T(1));
      Kokkos::fill_random(space, set.b, pool, T(-1), T(1));
      sets.push_back(set);
    }
    reference = Matrix<T>("reference", s.m, s.n);
    space.fence("etage::bench::fill");
    peer_gemm(space, sets[0].a, sets[0].b, reference);
    space.fence("etage::bench::reference");
  }
};

/// The operands of the shape being measured: benchmarks of one shape are registered
/// together, so one shape (per type) is resident at a time.
template <class T>
std::unique_ptr<Operands<T>>& resident() {
  static std::unique_ptr<Operands<T>> ops;
  return ops;
}
template <class T>
Operands<T>& operands(Space const& space, Shape s) {
  auto& ops = resident<T>();
  if (!ops || !(ops->shape == s)) {
    ops.reset();  // free the previous shape first
    ops = std::make_unique<Operands<T>>(space, s);
  }
  return *ops;
}
void release_operands() {
  resident<float>().reset();
  resident<double>().reset();
}

/// Peer throughput per (type, shape): seconds and FLOPs summed over the peer's runs.
struct PeerRate {
  double flops = 0, seconds = 0;
  double rate() const { return seconds > 0 ? flops / seconds : 0; }
};
std::map<std::pair<std::string, Shape>, PeerRate>& peer_rates() {
  static std::map<std::pair<std::string, Shape>, PeerRate> rates;
  return rates;
}

double flops_of(Shape s) { return 2.0 * double(s.m) * double(s.n) * double(s.k); }

/// The peer's FLOP/s for this shape: from its benchmark when it ran, else measured here
/// (warm-up and three calls), for runs whose filter left the peer out.
template <class T>
double peer_rate(Space const& space, Operands<T>& ops, CallTimer& timer) {
  PeerRate& p = peer_rates()[{type_name<T>(), ops.shape}];
  if (p.seconds == 0) {
    peer_gemm(space, ops.sets[0].a, ops.sets[0].b, ops.sets[0].c);
    for (int i = 0; i < 3; ++i) {
      auto const& s = ops.sets[std::size_t(i) % ops.sets.size()];
      p.seconds += timer.seconds(space, [&] { peer_gemm(space, s.a, s.b, s.c); });
      p.flops += flops_of(ops.shape);
    }
  }
  return p.rate();
}

// ---------------------------------------------------------------------------------------
// Benchmarks
// ---------------------------------------------------------------------------------------

/// One timed call per iteration of `call(space, set)`, rotating over the input sets.
/// `config` is empty for the peer, else the etage configuration checked against it.
template <class T, class Call>
void measure(benchmark::State& state, std::string const& config, Call const& call) {
  Shape const shape{int(state.range(1)), int(state.range(2)), int(state.range(3))};
  Space const space;
  try {
    CallTimer timer;
    Operands<T>& ops = operands<T>(space, shape);
    if (!config.empty()) {
      auto [it, fresh] = ops.checked.try_emplace(config);
      if (fresh) {
        auto const& c = ops.sets[0].c;
        Kokkos::deep_copy(space, c, std::numeric_limits<T>::quiet_NaN());
        space.fence("etage::bench::poison");
        try {
          call(space, ops.sets[0]);
          double const err = relative_error(space, c, ops.reference);
          if (!(err <= tolerance<T>())) {
            std::ostringstream why;
            why << "wrong result: relative Frobenius error " << err << " against " << peer_name << " exceeds "
                << tolerance<T>();
            it->second = why.str();
          }
        } catch (etage::Error const& e) {
          it->second = e.what();
        }
      }
      if (!it->second.empty()) {
        state.SkipWithError(it->second.c_str());
        return;
      }
    }

    // Untimed warm-up: at least one call and 0.1 s, so the threads of the previous
    // benchmark have gone quiet (OpenBLAS workers spin about 0.1 s after a call) and clocks
    // have settled. Fenced per call: cuBLAS calls return before the GPU is done.
    auto const warm_until = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    do {
      call(space, ops.sets[0]);
      space.fence("etage::bench::warm-up");
    } while (std::chrono::steady_clock::now() < warm_until);
    double total = 0;
    std::size_t i = 0;
    for (auto _ : state) {
      auto const& set = ops.sets[i++ % ops.sets.size()];
      double const s = timer.seconds(space, [&] { call(space, set); });
      state.SetIterationTime(s);
      total += s;
    }

    double const flops = flops_of(shape);
    double const bytes =
        sizeof(T) * (double(shape.m) * shape.k + double(shape.k) * shape.n + double(shape.m) * shape.n);
    state.counters["FLOP/s"] = benchmark::Counter(flops, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["bytes/s"] = benchmark::Counter(bytes, benchmark::Counter::kIsIterationInvariantRate);
    double const rate = total > 0 ? flops * double(state.iterations()) / total : 0;
    if (config.empty()) {
      PeerRate& p = peer_rates()[{type_name<T>(), shape}];
      p.flops += flops * double(state.iterations());
      p.seconds += total;
      state.counters["peer_ratio"] = 1.0;
    } else {
      double const peer = peer_rate(space, ops, timer);
      state.counters["peer_ratio"] = peer > 0 ? rate / peer : 0.0;
    }
    std::ostringstream label;
    label << type_name<T>() << ", " << ops.sets.size() << " input set" << (ops.sets.size() > 1 ? "s" : "");
    state.SetLabel(label.str());
  } catch (etage::Error const& e) {
    state.SkipWithError(e.what());
  } catch (std::exception const& e) {
    state.SkipWithError((std::string("unexpected error: ") + e.what()).c_str());
  }
}

template <class T>
void bm_peer(benchmark::State& state) {
  measure<T>(state, {}, [](Space const& space, InputSet<T> const& s) { peer_gemm(space, s.a, s.b, s.c); });
}

template <class Engine, int Stages, class T, class Tile = ETAGE_BENCH_GEMM_TILE>
void bm_etage(benchmark::State& state) {
  // The correctness check is cached per configuration: the block shape is part of it.
  std::string config = std::string(Engine::name) + "/" + std::to_string(Stages);
  if constexpr (!std::is_void_v<Tile>)
    config += "/" + std::to_string(Tile::bm) + "x" + std::to_string(Tile::bn) + "x" + std::to_string(Tile::bk) + "x" +
              std::to_string(Tile::tm) + "x" + std::to_string(Tile::tn) + "/" + std::to_string(Tile::min_teams);
  measure<T>(state, config, [](Space const& space, InputSet<T> const& s) {
    etage::gemm<Engine, Stages, Tile>(space, 'T', 'N', T(1), s.a, s.b, T(0), s.c);
  });
}

using BenchFn = void (*)(benchmark::State&);

/// bm_etage<Engine, stages, T> for a run-time stage count in the engine's range.
template <class Engine, class T, class Tile, int... I>
BenchFn etage_bench(int stages, std::integer_sequence<int, I...>) {
  BenchFn fn = nullptr;
  ((I + Engine::min_stages == stages ? void(fn = &bm_etage<Engine, I + Engine::min_stages, T, Tile>) : void()), ...);
  return fn;
}

struct EngineSweep {
  std::string name;
  std::vector<int> stages;
  BenchFn (*pick_float)(int);
  BenchFn (*pick_double)(int);
  int min_stages, max_stages;
};

/// One engine's stage sweep; `Tile` other than the default block shape is named in the
/// benchmark's engine label (e.g. "BulkTensor 128x128x8 2/SM").
template <class Engine, class Tile = ETAGE_BENCH_GEMM_TILE>
EngineSweep sweep(std::vector<int> stages) {
  constexpr int count = Engine::max_stages - Engine::min_stages + 1;
  std::string name(Engine::name);
  if constexpr (!std::is_void_v<Tile>)
    name += " " + std::to_string(Tile::bm) + "x" + std::to_string(Tile::bn) + "x" + std::to_string(Tile::bk) + " " +
            std::to_string(Tile::min_teams) + "/SM";
  return {name,
          std::move(stages),
          [](int s) { return etage_bench<Engine, float, Tile>(s, std::make_integer_sequence<int, count>{}); },
#if ETAGE_HAS_CUDA_ENGINES
          [](int) { return BenchFn(nullptr); },  // float only on CUDA: half the kernels to compile
#else
          [](int s) { return etage_bench<Engine, double, Tile>(s, std::make_integer_sequence<int, count>{}); },
#endif
          Engine::min_stages,
          Engine::max_stages};
}

template <class T>
void register_shape(Shape s, std::vector<EngineSweep> const& engines, std::vector<int> const* stage_filter) {
  auto add = [&](std::string const& name, BenchFn fn, int stages) {
    benchmark::RegisterBenchmark(name.c_str(), fn)
        ->ArgNames({"stages", "M", "N", "K"})
        ->Args({stages, s.m, s.n, s.k})
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->ReportAggregatesOnly(true);
  };
  add(bench_name<T>(peer_name), &bm_peer<T>, 0);  // the peer first: its rate is the ratio's base
  for (auto const& e : engines) {
    std::vector<int> stages = e.stages;
    if (stage_filter) {
      stages.clear();
      for (int st : *stage_filter)
        if (st >= e.min_stages && st <= e.max_stages) stages.push_back(st);
    }
    for (int st : stages) {
      BenchFn fn = std::is_same_v<T, float> ? e.pick_float(st) : e.pick_double(st);
      if (fn) add(bench_name<T>(e.name), fn, st);
    }
  }
}

void register_all() {
#if ETAGE_HAS_CUDA_ENGINES
  std::vector<int> const default_sizes{1024, 2048, 4096, 8192};
  std::vector<Shape> const default_shapes{{8192, 8192, 256}, {256, 8192, 8192}};
  std::vector<EngineSweep> const engines{
      sweep<etage::engine::Synchronous>({1}),
#if !ETAGE_BENCH_SYNCHRONOUS_ONLY
      sweep<etage::engine::RegisterDoubleBuffer>({2}),
      sweep<etage::engine::CpAsync>({2, 3, 4, 5, 6}),
      sweep<etage::engine::BulkTensor>({2, 3, 4, 5, 6}),
      // Block-shape variants of the pipelined engines (perf/NOTES.md, attempt 2): the other
      // register budget for each, a wider block, and a block small enough for 5-6 stages.
      sweep<etage::engine::BulkTensor, etage::GemmTile<128, 128, 8, 8, 8, 2>>({3, 4}),
      sweep<etage::engine::CpAsync, etage::GemmTile<128, 128, 8, 8, 8, 1>>({3, 4}),
      sweep<etage::engine::BulkTensor, etage::GemmTile<128, 256, 8, 8, 16, 1>>({2, 3}),
      sweep<etage::engine::CpAsync, etage::GemmTile<64, 64, 8, 4, 4, 4>>({4, 5, 6}),
      sweep<etage::engine::BulkTensor, etage::GemmTile<64, 64, 8, 4, 4, 4>>({4, 5, 6}),
#endif
  };
#else
  std::vector<int> const default_sizes{256, 512, 1024, 2048};
  std::vector<Shape> const default_shapes{};
  std::vector<int> const default_double{1024};
  std::vector<EngineSweep> const engines{sweep<etage::engine::Synchronous>({1, 2, 3, 4})};
#endif
  bool const sizes_given = std::getenv("ETAGE_BENCH_SIZES") && *std::getenv("ETAGE_BENCH_SIZES");
  std::vector<int> const sizes = env_ints("ETAGE_BENCH_SIZES", default_sizes);
  std::vector<Shape> const shapes = env_shapes("ETAGE_BENCH_SHAPES", sizes_given ? std::vector<Shape>{} : default_shapes);
  bool const stages_given = std::getenv("ETAGE_BENCH_STAGES") && *std::getenv("ETAGE_BENCH_STAGES");
  std::vector<int> const stage_filter = env_ints("ETAGE_BENCH_STAGES", {});

  for (int n : sizes) register_shape<float>({n, n, n}, engines, stages_given ? &stage_filter : nullptr);
  for (Shape s : shapes) register_shape<float>(s, engines, stages_given ? &stage_filter : nullptr);
#if !ETAGE_HAS_CUDA_ENGINES
  // Double at the default sizes that the run includes, or exactly where the variable says.
  for (int n : env_ints("ETAGE_BENCH_DOUBLE_SIZES", default_double))
    if (std::getenv("ETAGE_BENCH_DOUBLE_SIZES") || std::find(sizes.begin(), sizes.end(), n) != sizes.end())
      register_shape<double>({n, n, n}, engines, stages_given ? &stage_filter : nullptr);
#endif
}

void add_context() {
  etage_bench::add_common_context(peer_name, {"ETAGE_BENCH_SIZES", "ETAGE_BENCH_STAGES", "ETAGE_BENCH_SHAPES",
                                              "ETAGE_BENCH_DOUBLE_SIZES"});
  benchmark::AddCustomContext("input_rotation_bytes", std::to_string(rotate_bytes()));
#if ETAGE_HAS_CUDA_ENGINES
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  benchmark::AddCustomContext("cuda_driver", std::to_string(driver));
  benchmark::AddCustomContext("cuda_runtime", std::to_string(runtime));
  int cublas_version = 0;
  ETAGE_BENCH_CUBLAS_CHECK(cublasGetVersion(cublas(Space()), &cublas_version));
  benchmark::AddCustomContext("peer_version", "cuBLAS " + std::to_string(cublas_version));
  char const* tf32 = std::getenv("NVIDIA_TF32_OVERRIDE");
  benchmark::AddCustomContext("peer_math", std::string("CUBLAS_DEFAULT_MATH, FP32 (TF32 off)") +
                                               (tf32 ? std::string(", NVIDIA_TF32_OVERRIDE=") + tf32 : ""));
#else
  benchmark::AddCustomContext("peer_version", openblas_get_config());
  benchmark::AddCustomContext("peer_threads", std::to_string(openblas_get_num_threads()));
#endif
}

}  // namespace

int main(int argc, char** argv) {
  return etage_bench::run_main(
      argc, argv, "etage_bench_gemm",
      [] {
        add_context();
        register_all();
      },
      [] {
        // Device memory and library handles go before Kokkos finalizes.
        release_operands();
#if ETAGE_HAS_CUDA_ENGINES
        if (cublas_handle()) cublasDestroy(cublas_handle());
#endif
      });
}
