#pragma once
/// Function-space macros and build switches, defined once for the whole project.
#include <Kokkos_Macros.hpp>

#define ETAGE_FUNCTION KOKKOS_FUNCTION
#define ETAGE_INLINE_FUNCTION KOKKOS_INLINE_FUNCTION
#define ETAGE_FORCEINLINE_FUNCTION KOKKOS_FORCEINLINE_FUNCTION
/// A function the compiler must not inline (GNU `noinline`, which nvcc also honours for
/// device code: CUDA's `__noinline__` is defined as it). For rarely taken paths whose
/// register needs would otherwise be merged into the hot path's.
#if defined(_MSC_VER) && !defined(__CUDACC__)
#define ETAGE_NOINLINE_FUNCTION __declspec(noinline) KOKKOS_FUNCTION
#else
#define ETAGE_NOINLINE_FUNCTION __attribute__((noinline)) KOKKOS_FUNCTION
#endif

/// Pipeline misuse checks (ring accounting) and bounded barrier waits. On in debug builds;
/// define ETAGE_ENABLE_DEBUG_CHECKS=1 to turn them on in a release build.
#ifndef ETAGE_ENABLE_DEBUG_CHECKS
#ifdef NDEBUG
#define ETAGE_ENABLE_DEBUG_CHECKS 0
#else
#define ETAGE_ENABLE_DEBUG_CHECKS 1
#endif
#endif

/// The CUDA engines are compiled when Kokkos has CUDA and etage was configured with it.
#if defined(KOKKOS_ENABLE_CUDA) && defined(ETAGE_ENABLE_CUDA)
#define ETAGE_HAS_CUDA_ENGINES 1
#else
#define ETAGE_HAS_CUDA_ENGINES 0
#endif
