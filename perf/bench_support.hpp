#pragma once
/// Pieces both benchmark programs share: comma-list environment knobs, CUDA error checks,
/// and the per-call timer (CUDA events on a GPU build, a fenced steady clock on the host).
#include <chrono>
#include <cstdio>
#include <exception>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>
#include <benchmark/benchmark.h>
#include <etage/config.hpp>

#if ETAGE_HAS_CUDA_ENGINES
#include <cuda_runtime.h>
#define ETAGE_BENCH_CUDA_CHECK(call)                                                               \
  do {                                                                                             \
    cudaError_t const etage_bench_err = (call);                                                    \
    if (etage_bench_err != cudaSuccess)                                                            \
      throw std::runtime_error(std::string(#call) + ": " + cudaGetErrorString(etage_bench_err));   \
  } while (0)
#endif

namespace etage_bench {

/// Positive integers from a comma list in environment variable `var`; `fallback` when unset.
/// Throws std::invalid_argument naming the variable and the item that is not one.
inline std::vector<int> env_ints(char const* var, std::vector<int> fallback) {
  char const* v = std::getenv(var);
  if (!v || !*v) return fallback;
  std::vector<int> out;
  std::stringstream ss(v);
  for (std::string item; std::getline(ss, item, ',');) {
    if (item.empty()) continue;
    char* end = nullptr;
    long const x = std::strtol(item.c_str(), &end, 10);
    if (*end != '\0' || x <= 0 || x > std::numeric_limits<int>::max())
      throw std::invalid_argument(std::string(var) + ": '" + item + "' is not a positive integer");
    out.push_back(int(x));
  }
  return out;
}

#ifndef ETAGE_GIT_HASH
#define ETAGE_GIT_HASH "unknown"
#endif
#ifndef ETAGE_BUILD_TYPE
#define ETAGE_BUILD_TYPE "unknown"
#endif

/// Run context every benchmark program records: build (git hash, type, compiler), Kokkos
/// version and execution space, the peer measured beside etage, the environment knobs in
/// `vars` that are set, and on CUDA the device (name, SM, multiprocessors, L2).
inline void add_common_context(std::string const& peer, std::vector<char const*> const& vars) {
  using Space = Kokkos::DefaultExecutionSpace;
  auto const v = KOKKOS_VERSION;
  benchmark::AddCustomContext("etage_git", ETAGE_GIT_HASH);
  benchmark::AddCustomContext("etage_build_type", ETAGE_BUILD_TYPE);
  benchmark::AddCustomContext("compiler", __VERSION__);
  benchmark::AddCustomContext("kokkos_version", std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) +
                                                    "." + std::to_string(v % 100));
  benchmark::AddCustomContext("execution_space", Space::name());
  benchmark::AddCustomContext("concurrency", std::to_string(Space().concurrency()));
  benchmark::AddCustomContext("peer", peer);
  for (char const* var : vars)
    if (char const* value = std::getenv(var)) benchmark::AddCustomContext(var, value);
#if ETAGE_HAS_CUDA_ENGINES
  cudaDeviceProp p{};
  ETAGE_BENCH_CUDA_CHECK(cudaGetDeviceProperties(&p, Space().cuda_device()));
  benchmark::AddCustomContext("device", p.name);
  benchmark::AddCustomContext("device_sm", std::to_string(p.major) + "." + std::to_string(p.minor));
  benchmark::AddCustomContext("device_multiprocessors", std::to_string(p.multiProcessorCount));
  benchmark::AddCustomContext("device_l2_bytes", std::to_string(p.l2CacheSize));
#endif
}

#if ETAGE_HAS_CUDA_ENGINES
/// Device time per call: `batch` calls queued back to back between two events recorded on
/// the space's stream, divided by `batch`. With batch > 1 the host prepares call k + 1 while
/// the device runs call k, as in an application's stream of asynchronous calls; batch = 1
/// also counts the host's preparation of the one call, which the idle device waits for.
/// host_seconds(): the host's time inside the calls of the last measurement, per call.
class CallTimer {
 public:
  CallTimer() {
    ETAGE_BENCH_CUDA_CHECK(cudaEventCreate(&start_));
    ETAGE_BENCH_CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~CallTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  CallTimer(CallTimer const&) = delete;
  CallTimer& operator=(CallTimer const&) = delete;
  template <class F>
  double seconds(Kokkos::DefaultExecutionSpace const& space, F&& call, int batch = 1) {
    ETAGE_BENCH_CUDA_CHECK(cudaEventRecord(start_, space.cuda_stream()));
    auto const t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i) call();
    host_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / batch;
    ETAGE_BENCH_CUDA_CHECK(cudaEventRecord(stop_, space.cuda_stream()));
    ETAGE_BENCH_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    ETAGE_BENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return double(ms) * 1e-3 / batch;
  }
  double host_seconds() const { return host_; }

 private:
  cudaEvent_t start_{}, stop_{};
  double host_ = 0;
};
#else
/// Wall-clock seconds per call around `batch` calls, fenced once so that the work has
/// completed; host_seconds(): the time inside the calls, per call.
class CallTimer {
 public:
  template <class F>
  double seconds(Kokkos::DefaultExecutionSpace const& space, F&& call, int batch = 1) {
    auto const t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i) call();
    auto const t1 = std::chrono::steady_clock::now();
    space.fence("etage::bench::timer");
    auto const t2 = std::chrono::steady_clock::now();
    host_ = std::chrono::duration<double>(t1 - t0).count() / batch;
    return std::chrono::duration<double>(t2 - t0).count() / batch;
  }
  double host_seconds() const { return host_; }

 private:
  double host_ = 0;
};
#endif

/// The main() of every benchmark program: starts Kokkos and Google Benchmark, runs `setup`
/// (run context and registrations), runs the selected benchmarks, then `release` (device
/// memory and library handles that must go before Kokkos finalizes). An exception from
/// setup or a benchmark is printed with the program's `name` and gives exit status 1;
/// unrecognized arguments give 1 as well.
template <class Setup, class Release>
int run_main(int argc, char** argv, char const* name, Setup&& setup, Release&& release) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  int rc = 0;
  try {
    setup();
    benchmark::RunSpecifiedBenchmarks();
  } catch (std::exception const& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    rc = 1;
  }
  benchmark::Shutdown();
  release();
  return rc;
}

}  // namespace etage_bench
