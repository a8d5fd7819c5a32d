// Compile-only input of stage_reads_check.sh: the stencils' default GPU kernels on the
// BulkTensor engine, whose threads read global memory only through the ring (TMA writes the
// stages), so every load in their entry functions other than ld.param is a stage read. The
// check reads this file's PTX (kept with -keep) and asks that those loads be ld.shared: with a
// generic pointer into team scratch nvcc emitted generic 64-bit loads instead, in the 3D
// kernel's instantiations without the point path (perf/NOTES.md, memory attempt 27).
#include <Kokkos_Core.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/etage.hpp>

using Mat = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using MatD = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using CubeD = Kokkos::View<double***, Kokkos::LayoutRight, Kokkos::CudaSpace>;

void stage_reads_stencil_2d(Mat const& in, Mat const& out) {
  etage::stencil_2d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in, out, etage::Stencil2D<float>::jacobi());
}
void stage_reads_stencil_3d(Cube const& in, Cube const& out) {
  etage::stencil_3d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in, out, etage::Stencil3D<float>::jacobi());
}
void stage_reads_stencil_2d_double(MatD const& in, MatD const& out) {
  etage::stencil_2d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in, out, etage::Stencil2D<double>::jacobi());
}
void stage_reads_stencil_3d_double(CubeD const& in, CubeD const& out) {
  etage::stencil_3d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in, out, etage::Stencil3D<double>::jacobi());
}
