// Compile-only input of reduce_loop_check.sh (field case C09): the reductions' GPU kernels on
// every CUDA engine, float and double. The edge tile arrives zero-filled in the stage and each
// consumer thread reads a tile up to its valid element count (one bound per tile), so the loop
// that reads the stage has no branch per element. The check reads this file's PTX (kept with
// -keep).
#include <Kokkos_Core.hpp>
#include <etage/algorithms/reduce.hpp>
#include <etage/etage.hpp>

template <class T>
using Vec = Kokkos::View<T*, Kokkos::CudaSpace>;

/// Instantiates sum, dot and max_value for T on engine E (RegisterDoubleBuffer with its
/// compile-time 256 consumer threads, the others at their defaults).
template <class E, class T>
void reduce_loop(Vec<T> const& x, Vec<T> const& y) {
  constexpr int threads = std::is_same_v<E, etage::engine::RegisterDoubleBuffer> ? 256 : 0;
  etage::sum<E, 0, threads>(Kokkos::Cuda{}, x);
  etage::dot<E, 0, threads>(Kokkos::Cuda{}, x, y);
  etage::max_value<E, 0, threads>(Kokkos::Cuda{}, x);
}

#define ETAGE_REDUCE_LOOP(E)                                                                   \
  template void reduce_loop<etage::engine::E, float>(Vec<float> const&, Vec<float> const&); \
  template void reduce_loop<etage::engine::E, double>(Vec<double> const&, Vec<double> const&);
ETAGE_REDUCE_LOOP(Synchronous)
ETAGE_REDUCE_LOOP(RegisterDoubleBuffer)
ETAGE_REDUCE_LOOP(CpAsync)
ETAGE_REDUCE_LOOP(BulkTensor)
