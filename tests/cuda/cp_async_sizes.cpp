// Compile-only input of cp_async_sizes_check.sh (field case C17): the transpose's CpAsync
// kernels for float and double. Their loader copies whole 16-byte chunks with cp.async.cg when
// the source allows 16-byte copies, and single elements (4 or 8 bytes, zero-filled outside the
// source) otherwise; the hardware has .cg only for 16 bytes (PTX ISA, "cp.async"), so every
// 4- and 8-byte copy must come out as cp.async.ca. The check reads this file's PTX (kept with
// -keep): the engine's own copies, not the wrappers called by name.
#include <Kokkos_Core.hpp>
#include <etage/algorithms/transpose.hpp>
#include <etage/etage.hpp>

template <class T>
using Mat = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace>;

/// Instantiates etage::transpose's CpAsync kernel (2 stages) for T.
template <class T>
void cp_async_sizes(Mat<T> const& a, Mat<T> const& b) {
  etage::transpose<etage::engine::CpAsync, 2>(Kokkos::Cuda{}, a, b);
}

template void cp_async_sizes<float>(Mat<float> const&, Mat<float> const&);
template void cp_async_sizes<double>(Mat<double> const&, Mat<double> const&);
