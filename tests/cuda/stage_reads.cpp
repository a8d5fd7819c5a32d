// Compile-only input of stage_reads_check.sh: the stencils' default GPU kernels on the
// BulkTensor engine, whose threads read global memory only through the ring (TMA writes the
// stages), so every load in their functions other than of their own parameters (ld.param,
// ld.local) is a stage read. The check reads this file's PTX (kept with -keep) and asks that
// those loads be ld.shared: with a generic pointer into team scratch nvcc emitted generic 64-bit
// loads instead, in the 3D kernel's instantiations without the point path, and in the 2D
// kernel's out-of-line point path (perf/NOTES.md, memory attempts 27 and 28). Each call instantiates
// every kernel the launch can choose at run time: the 2D kernel with its sweep_points (edge and
// interior), the 3D kernel with and without its run_points.
#include <Kokkos_Core.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/etage.hpp>

template <class T>
using Mat = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
template <class T>
using Cube = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::CudaSpace>;

/// Instantiates stencil_2d's and stencil_3d's default BulkTensor kernels for T.
template <class T>
void stage_reads(Mat<T> const& in2, Mat<T> const& out2, Cube<T> const& in3, Cube<T> const& out3) {
  etage::stencil_2d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in2, out2, etage::Stencil2D<T>::jacobi());
  etage::stencil_3d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in3, out3, etage::Stencil3D<T>::jacobi());
}

template void stage_reads<float>(Mat<float> const&, Mat<float> const&, Cube<float> const&, Cube<float> const&);
template void stage_reads<double>(Mat<double> const&, Mat<double> const&, Cube<double> const&, Cube<double> const&);
