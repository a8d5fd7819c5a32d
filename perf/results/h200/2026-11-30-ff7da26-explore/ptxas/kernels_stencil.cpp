// The stencil kernels whose registers attempt 21 quotes: the 2D default (room for 3 teams per
// SM), the same block with room for 2, the 3D default (room for 2) and with room for 3.
#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Mat = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using etage::engine::BulkTensor;
void f2(Mat a, Mat b) { etage::stencil_2d<BulkTensor>(Space{}, a, b, etage::Stencil2D<float>::jacobi()); }
void f2b(Mat a, Mat b) { etage::stencil_2d<BulkTensor, 4, etage::StencilTile<16, 120, 256, 2>>(Space{}, a, b, etage::Stencil2D<float>::jacobi()); }
void f3(Cube a, Cube b) { etage::stencil_3d<BulkTensor>(Space{}, a, b, etage::Stencil3D<float>::jacobi()); }
void f3b(Cube a, Cube b) { etage::stencil_3d<BulkTensor, 3, etage::StencilTile<16, 128, 256, 3>>(Space{}, a, b, etage::Stencil3D<float>::jacobi()); }
