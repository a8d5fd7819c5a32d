#pragma once
/// How many teams of one Kokkos TeamPolicy kernel the CUDA device holds at once, from the
/// CUDA occupancy calculator applied to the very kernel Kokkos launches.
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>

#include <cuda_runtime.h>

#include <Kokkos_Core.hpp>
#include <etage/buffer_pool.hpp>
#include <etage/engine_select.hpp>

namespace etage::impl {

/// CUDA: multiprocessors x cudaOccupancyMaxActiveBlocksPerMultiprocessor for the kernel that
/// Kokkos::parallel_for(Policy, Kernel) launches (registers, the block's shared memory and
/// threads, the per-SM block limit: CUDA Runtime API, "Occupancy").
///
/// The kernel and its shared memory are Kokkos 5.0 internals (Kokkos::Impl::ParallelFor for
/// TeamPolicy on Cuda launches CudaParallelLaunch<ParallelFor, Policy::launch_bounds> with
/// sizeof(double) * (team_size + 2) + level-0 scratch bytes of dynamic shared memory); the
/// GPU test "streaming leagues are co-resident" checks the count against the hardware.
/// Returns 0 (unknown: callers fall back to concurrency()) when the runtime call fails.
template <>
struct ConcurrentTeams<Kokkos::Cuda> {
  /// Cached per (kernel type, device, team size, scratch bytes): the query runs once.
  template <class Policy, class Kernel>
  static std::int64_t count(Kokkos::Cuda const& space, int team_size, std::size_t scratch_bytes) {
    static std::mutex mutex;
    static std::map<std::tuple<int, int, std::size_t>, std::int64_t> cache;
    auto const key = std::make_tuple(space.cuda_device(), team_size, scratch_bytes);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (auto it = cache.find(key); it != cache.end()) return it->second;
    }
    using Closure = Kokkos::Impl::ParallelFor<Kernel, Policy>;
    auto const func = Kokkos::Impl::CudaParallelLaunch<Closure, typename Policy::launch_bounds>::get_kernel_func();
    std::size_t const shmem = sizeof(double) * std::size_t(team_size + 2) + scratch_bytes;
    int per_sm = 0;
    // A failed query (not a kernel fault) is cleared and the caller falls back to the
    // concurrency() estimate.
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, team_size, shmem) != cudaSuccess) {
      (void)cudaGetLastError();
      return 0;
    }
    std::int64_t const teams = std::int64_t(per_sm) * std::int64_t(space.cuda_device_prop().multiProcessorCount);
    std::lock_guard<std::mutex> lock(mutex);
    cache.emplace(key, teams);
    return teams;
  }
};

/// CUDA instances may run on different devices: pooled buffers are kept per device.
template <>
struct DeviceOrdinal<Kokkos::Cuda> {
  static int of(Kokkos::Cuda const& space) { return space.cuda_device(); }
};

}  // namespace etage::impl
