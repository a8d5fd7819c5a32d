// The transposes whose registers perf/NOTES.md (memory attempt 20) quotes: each engine's
// default, and 64 x 64 float tiles in 256-thread teams with room for 4, 5, 6 or 8 per SM.
#include <etage/etage.hpp>
using Space = Kokkos::Cuda;
using Mat = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using namespace etage;
void d0(Mat a, Mat b) { transpose<engine::Synchronous, 1>(Space{}, a, b); }
void d1(Mat a, Mat b) { transpose<engine::RegisterDoubleBuffer, 2>(Space{}, a, b); }
void d2(Mat a, Mat b) { transpose<engine::CpAsync, 2>(Space{}, a, b); }
void d3(Mat a, Mat b) { transpose<engine::BulkTensor, 2>(Space{}, a, b); }
void s4(Mat a, Mat b) { transpose<engine::Synchronous, 1, 64, 256, 4>(Space{}, a, b); }
void s6(Mat a, Mat b) { transpose<engine::Synchronous, 1, 64, 256, 6>(Space{}, a, b); }
void s8(Mat a, Mat b) { transpose<engine::Synchronous, 1, 64, 256, 8>(Space{}, a, b); }
void c5(Mat a, Mat b) { transpose<engine::CpAsync, 2, 64, 256, 5>(Space{}, a, b); }
void c6(Mat a, Mat b) { transpose<engine::CpAsync, 2, 64, 256, 6>(Space{}, a, b); }
