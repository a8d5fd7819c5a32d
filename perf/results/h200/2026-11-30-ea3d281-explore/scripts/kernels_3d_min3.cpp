#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using etage::engine::BulkTensor;
using J = etage::Stencil3D<float>;
void a(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 3, etage::StencilTile<16, 128, 256, 2>>(Space{}, x, y, J::jacobi()); }
void b(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 3, etage::StencilTile<16, 128, 256, 3>>(Space{}, x, y, J::jacobi()); }
