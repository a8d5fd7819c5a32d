#pragma once
/// What the CUDA execution space offers: which engines the device runs, per-launch source
/// preparation (tensor maps), and the order `Auto` tries them in.
#include <string>

#include <cuda_runtime.h>

#include <Kokkos_Core.hpp>
#include <etage/cuda/bulk_tensor.hpp>
#include <etage/cuda/occupancy.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/l2_eviction.hpp>

namespace etage::impl {

/// Compute capability of the device `space` runs on, as 10*major + minor.
inline int compute_capability(Kokkos::Cuda const& space) {
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, space.cuda_device()) != cudaSuccess) return 0;
  return prop.major * 10 + prop.minor;
}

template <class Engine, int MinCC>
struct CudaEngineSupport {
  static constexpr bool compiled = true;
  static std::string device_unsupported_reason(Kokkos::Cuda const& space) {
    int const cc = compute_capability(space);
    if (cc >= MinCC) return {};
    return "engine " + std::string(Engine::name) + " needs compute capability >= " + std::to_string(MinCC / 10) + "." +
           std::to_string(MinCC % 10) + ", the device has " + std::to_string(cc / 10) + "." + std::to_string(cc % 10);
  }
  template <class Source>
  static std::string prepare(Source&, LaunchResources&) {
    return {};
  }
};

template <>
struct EngineSupport<engine::RegisterDoubleBuffer, Kokkos::Cuda> : CudaEngineSupport<engine::RegisterDoubleBuffer, 0> {};
template <>
struct EngineSupport<engine::CpAsync, Kokkos::Cuda> : CudaEngineSupport<engine::CpAsync, 80> {};
template <>
struct EngineSupport<engine::BulkTensor, Kokkos::Cuda> : CudaEngineSupport<engine::BulkTensor, 90> {
  template <class Source>
  static std::string prepare(Source& s, LaunchResources& res) {
    return encode_tensor_map(s, res);
  }
};

/// Persisting L2 lines on CUDA (reset_l2_persisting_lines): fence the space, then
/// cudaCtxResetPersistingL2Cache on its device.
template <>
struct L2Persistence<Kokkos::Cuda> {
  static void reset(Kokkos::Cuda const& space) {
    space.fence("etage::reset_l2_persisting_lines");
    auto const fail = [](char const* call, cudaError_t e) {
      throw Error(std::string("etage::reset_l2_persisting_lines: ") + call + " failed: " + cudaGetErrorString(e));
    };
    int current = 0;
    if (cudaError_t const e = cudaGetDevice(&current); e != cudaSuccess) fail("cudaGetDevice", e);
    bool const switched = current != space.cuda_device();
    if (switched)
      if (cudaError_t const e = cudaSetDevice(space.cuda_device()); e != cudaSuccess) fail("cudaSetDevice", e);
    cudaError_t const e = cudaCtxResetPersistingL2Cache();
    if (switched) (void)cudaSetDevice(current);
    if (e != cudaSuccess) fail("cudaCtxResetPersistingL2Cache", e);
  }
};

/// Auto on CUDA: bulk tensor copies where the device and the views allow them, else
/// cp.async, else the register double buffer, else synchronous loads. An algorithm may
/// reorder the list for its own calls (the transpose: impl::TransposeAutoCandidates).
template <>
struct AutoCandidates<Kokkos::Cuda> {
  using type = EngineList<engine::BulkTensor, engine::CpAsync, engine::RegisterDoubleBuffer, engine::Synchronous>;
};

}  // namespace etage::impl
