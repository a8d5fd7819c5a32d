// The translation unit whose cubin runs A and B disassemble: the library default 3D stencil, float,
// compiled with the probe build's nvcc_wrapper command (-O3 -arch=sm_90 -std=c++20, see README) and -keep.
#include <etage/etage.hpp>
#include <etage/algorithms/stencil.hpp>
using Grid = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
void run(Grid const& in, Grid const& out) {
  etage::stencil_3d<etage::engine::BulkTensor, 0, void>(Kokkos::Cuda{}, in, out, etage::Stencil3D<float>::jacobi());
}
