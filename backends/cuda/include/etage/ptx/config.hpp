#pragma once

/// The one place that derives the etage::ptx arch switches from __CUDA_ARCH__.
///
/// Every switch is 0 in host passes. A wrapper used on an SM below its switch calls one of the
/// etage_ptx_*_requires_smXX functions below, which are declared and never defined: with
/// relocatable device code off ptxas rejects the unresolved call, with it on nvlink does. A
/// wrapper that is never called is never emitted, so including these headers costs nothing.

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define ETAGE_ARCH_CP_ASYNC 1   ///< cp.async, cp.async.mbarrier.arrive
#define ETAGE_ARCH_MBARRIER 1   ///< mbarrier.init / arrive / inval
#define ETAGE_ARCH_CACHE_POLICY 1   ///< createpolicy (PTX ISA 7.4), .L2::cache_hint
#else
#define ETAGE_ARCH_CP_ASYNC 0
#define ETAGE_ARCH_MBARRIER 0
#define ETAGE_ARCH_CACHE_POLICY 0
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define ETAGE_ARCH_MBARRIER_TX 1   ///< expect_tx, try_wait, fence.proxy.async, fence.mbarrier_init
#define ETAGE_ARCH_BULK_TENSOR 1   ///< cp.async.bulk.tensor, prefetch.tensormap
#else
#define ETAGE_ARCH_MBARRIER_TX 0
#define ETAGE_ARCH_BULK_TENSOR 0
#endif

/// Function-space macro for the wrappers in etage::ptx.
#define ETAGE_PTX_DEVICE __device__ __forceinline__

// Declared, never defined: reached only from the wrong-arch branch of a wrapper.
extern "C" __device__ void etage_ptx_cp_async_requires_sm80();
extern "C" __device__ void etage_ptx_mbarrier_requires_sm80();
extern "C" __device__ void etage_ptx_mbarrier_tx_requires_sm90();
extern "C" __device__ void etage_ptx_bulk_tensor_requires_sm90();
extern "C" __device__ void etage_ptx_cache_policy_requires_sm80();
