// The Direct stencil kernels of a35fa55 (engine::Direct, backed out), for ptxas -v.
#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using Mat = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
void f3(Cube a, Cube b) { etage::stencil_3d<etage::engine::Direct>(Space{}, a, b, etage::Stencil3D<float>::jacobi()); }
void f2(Mat a, Mat b) { etage::stencil_2d<etage::engine::Direct>(Space{}, a, b, etage::Stencil2D<float>::jacobi()); }
