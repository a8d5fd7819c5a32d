/// Latency of the synchronisation the CUDA engines are built from, one team on one SM:
///
///   BM_MbarrierRoundTrip   one thread: mbarrier.arrive on a count-1 barrier, then
///                          mbarrier.try_wait.parity until that phase completes
///                          (the cost a stage pays when its own arrival completes the phase)
///   BM_MbarrierHandoff     two warps, one elected lane each, passing a token through a
///                          full/empty barrier pair: producer arrives on full, consumer waits
///                          on full and arrives on empty, producer waits on empty. One
///                          iteration = one stage handed over and handed back (BulkTensor's
///                          ring without the copy)
///   BM_CpAsyncCommitWait   one warp, every lane: cp.async.cg of 16 bytes from an
///                          L2-resident line, commit_group, wait_group 0 (one CpAsync stage
///                          with the copy latency)
///   BM_CpAsyncEmptyGroup   one warp: commit_group + wait_group 0 with no copy in the group
///                          (the instruction pair alone)
///   BM_TeamBarrier         Kokkos team_barrier over a team of 256 threads (what the CpAsync
///                          and Synchronous engines pay per K tile)
///
/// Counter ns: nanoseconds per iteration = kernel time (cudaEvent pair) / iterations. One
/// launch runs `iterations` back-to-back operations, so launch overhead (a few microseconds)
/// is below 1 % at the default 2^18 iterations (set ETAGE_BENCH_ITERATIONS).
/// CUDA builds only (sm_90: try_wait.parity is an sm_90 instruction, PTX ISA 8.0).
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "bench_support.hpp"

#include <Kokkos_Core.hpp>
#include <etage/ptx/cp_async.hpp>
#include <etage/ptx/mbarrier.hpp>

namespace etage_bench_barrier {

using Space = Kokkos::DefaultExecutionSpace;
using Policy = Kokkos::TeamPolicy<Space>;
using Member = Policy::member_type;

/// Iterations per launch (ETAGE_BENCH_ITERATIONS, default 2^18).
int iterations() {
  static int const n = etage_bench::env_ints("ETAGE_BENCH_ITERATIONS", {1 << 18}).front();
  return n;
}

/// Times `kernel` (a TeamPolicy functor over one team of `team_size` threads with
/// `scratch` bytes of level-0 scratch) and reports ns per iteration. `sink` receives a value
/// the kernel computes, so its loop cannot be removed.
template <class Kernel>
void time_one_team(benchmark::State& state, Kernel const& kernel, int team_size, int scratch) {
  Space space;
  etage_bench::CallTimer timer;
  Policy const policy = Policy(space, 1, team_size).set_scratch_size(0, Kokkos::PerTeam(scratch));
  auto launch = [&] { Kokkos::parallel_for("etage::bench::barrier", policy, kernel); };
  launch();  // warm-up: module load, first-touch of the L2 line
  space.fence("etage::bench::barrier");
  double total = 0;
  for (auto _ : state) {
    double const s = timer.seconds(space, launch);
    state.SetIterationTime(s);
    total += s;
  }
  double const ns = total * 1e9 / (double(state.iterations()) * double(iterations()));
  state.counters["ns"] = benchmark::Counter(ns);
  state.counters["iterations_per_launch"] = benchmark::Counter(double(iterations()));
}

/// One thread, one count-1 mbarrier: arrive, wait for the phase's parity, flip.
struct RoundTrip {
  Kokkos::View<std::uint32_t*, Space::memory_space> sink;
  int n;
  KOKKOS_FUNCTION void operator()(Member const& team) const {
    KOKKOS_IF_ON_DEVICE((
      auto* bar = static_cast<std::uint64_t*>(team.team_shmem().get_shmem(sizeof(std::uint64_t)));
      if (team.team_rank() == 0) {
        etage::ptx::mbarrier_init(bar, 1);
        std::uint32_t phase = 0, spins = 0;
        for (int i = 0; i < n; ++i) {
          etage::ptx::mbarrier_arrive(bar);
          while (!etage::ptx::mbarrier_try_wait_parity(bar, phase)) ++spins;
          phase ^= 1u;
        }
        sink(0) = spins + phase;
      }
    ))
  }
};

/// Lane 0 of warp 0 (producer) and lane 0 of warp 1 (consumer) pass a token through a
/// full/empty pair of count-1 barriers, the BulkTensor ring with one stage and no copy.
struct Handoff {
  Kokkos::View<std::uint32_t*, Space::memory_space> sink;
  int n;
  KOKKOS_FUNCTION void operator()(Member const& team) const {
    KOKKOS_IF_ON_DEVICE((
      auto* bars = static_cast<std::uint64_t*>(team.team_shmem().get_shmem(2 * sizeof(std::uint64_t)));
      std::uint64_t* full = bars;
      std::uint64_t* empty = bars + 1;
      int const r = team.team_rank();
      if (r == 0) {
        etage::ptx::mbarrier_init(full, 1);
        etage::ptx::mbarrier_init(empty, 1);
      }
      team.team_barrier();
      std::uint32_t phase = 0, spins = 0;
      if (r == 0) {  // producer
        for (int i = 0; i < n; ++i) {
          etage::ptx::mbarrier_arrive(full);
          while (!etage::ptx::mbarrier_try_wait_parity(empty, phase)) ++spins;
          phase ^= 1u;
        }
        sink(0) = spins + phase;
      } else if (r == 32) {  // consumer
        for (int i = 0; i < n; ++i) {
          while (!etage::ptx::mbarrier_try_wait_parity(full, phase)) ++spins;
          etage::ptx::mbarrier_arrive(empty);
          phase ^= 1u;
        }
        sink(1) = spins + phase;
      }
    ))
  }
};

/// Every lane of one warp: cp.async.cg 16 bytes (or nothing), commit, wait_group 0.
template <bool Copy>
struct CommitWait {
  Kokkos::View<float*, Space::memory_space> src;  // 32 x 4 floats, L2-resident after warm-up
  Kokkos::View<std::uint32_t*, Space::memory_space> sink;
  int n;
  KOKKOS_FUNCTION void operator()(Member const& team) const {
    KOKKOS_IF_ON_DEVICE((
      auto* dst = static_cast<float*>(team.team_shmem().get_shmem(32 * 4 * sizeof(float)));
      int const lane = team.team_rank();
      for (int i = 0; i < n; ++i) {
        if constexpr (Copy) etage::ptx::cp_async_cg_shared_global<16>(etage::ptx::smem_address(dst + 4 * lane), src.data() + 4 * lane);
        etage::ptx::cp_async_commit_group();
        etage::ptx::cp_async_wait_group<0>();
      }
      if (lane == 0) sink(0) = std::uint32_t(dst[0] != 0.0f);
    ))
  }
};

/// Kokkos team_barrier over the whole team, `n` times.
struct TeamBarrier {
  Kokkos::View<std::uint32_t*, Space::memory_space> sink;
  int n;
  KOKKOS_FUNCTION void operator()(Member const& team) const {
    std::uint32_t k = 0;
    for (int i = 0; i < n; ++i) {
      team.team_barrier();
      k += std::uint32_t(team.team_rank());
    }
    if (team.team_rank() == 0) sink(0) = k;
  }
};

Kokkos::View<std::uint32_t*, Space::memory_space> make_sink() { return {"etage::bench::sink", 2}; }

void BM_MbarrierRoundTrip(benchmark::State& state) {
  time_one_team(state, RoundTrip{make_sink(), iterations()}, 32, 64);
}
void BM_MbarrierHandoff(benchmark::State& state) {
  time_one_team(state, Handoff{make_sink(), iterations()}, 64, 64);
}
void BM_CpAsyncCommitWait(benchmark::State& state) {
  Kokkos::View<float*, Space::memory_space> src("etage::bench::src", 32 * 4);
  time_one_team(state, CommitWait<true>{src, make_sink(), iterations()}, 32, 32 * 4 * int(sizeof(float)));
}
void BM_CpAsyncEmptyGroup(benchmark::State& state) {
  Kokkos::View<float*, Space::memory_space> src("etage::bench::src", 32 * 4);
  time_one_team(state, CommitWait<false>{src, make_sink(), iterations()}, 32, 32 * 4 * int(sizeof(float)));
}
void BM_TeamBarrier(benchmark::State& state) {
  time_one_team(state, TeamBarrier{make_sink(), iterations()}, 256, 0);
}

}  // namespace etage_bench_barrier

int main(int argc, char** argv) {
  using namespace etage_bench_barrier;
  return etage_bench::run_main(
      argc, argv, "etage_bench_barrier",
      [] {
        etage_bench::add_common_context("none (latency microbenchmark)", {"ETAGE_BENCH_ITERATIONS"});
        for (auto* b : {benchmark::RegisterBenchmark("BM_MbarrierRoundTrip", BM_MbarrierRoundTrip),
                        benchmark::RegisterBenchmark("BM_MbarrierHandoff", BM_MbarrierHandoff),
                        benchmark::RegisterBenchmark("BM_CpAsyncCommitWait", BM_CpAsyncCommitWait),
                        benchmark::RegisterBenchmark("BM_CpAsyncEmptyGroup", BM_CpAsyncEmptyGroup),
                        benchmark::RegisterBenchmark("BM_TeamBarrier", BM_TeamBarrier)})
          b->UseManualTime()->Unit(benchmark::kMicrosecond);
      },
      [] {});
}
