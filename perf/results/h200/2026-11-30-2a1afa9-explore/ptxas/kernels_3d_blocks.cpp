#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using etage::engine::BulkTensor;
using J = etage::Stencil3D<float>;
void a(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 3, etage::StencilTile<16, 128, 256, 2>>(Space{}, x, y, J::jacobi()); }
void b(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 6, etage::StencilTile<8, 128, 256, 3>>(Space{}, x, y, J::jacobi()); }
void c(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 5, etage::StencilTile<8, 128, 256, 4>>(Space{}, x, y, J::jacobi()); }
void d(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 4, etage::StencilTile<12, 128, 384, 2>>(Space{}, x, y, J::jacobi()); }
void e(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 2, etage::StencilTile<24, 128, 256, 2>>(Space{}, x, y, J::jacobi()); }
void f(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 3, etage::StencilTile<16, 128, 512, 2>>(Space{}, x, y, J::jacobi()); }
void g(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 2, etage::StencilTile<8, 128, 256, 2>>(Space{}, x, y, J::jacobi()); }
