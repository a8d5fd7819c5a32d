#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Cube = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using etage::engine::BulkTensor;
using J = etage::Stencil3D<float>;
void a(Cube x, Cube y) { etage::stencil_3d<BulkTensor, 0>(Space{}, x, y, J::jacobi()); }
