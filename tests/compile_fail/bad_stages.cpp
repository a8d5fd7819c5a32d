// Must NOT compile: a stage count outside the engine's range is a compile-time error.
#include <etage/algorithms/gemm.hpp>
#include <etage/etage.hpp>

int main() {
  Kokkos::View<float**> a("A", 4, 4), b("B", 4, 4), c("C", 4, 4);
#if defined(ETAGE_BAD_STAGES_SYNC_ZERO)
  etage::Pipeline<etage::engine::Synchronous, 0> pipe;
  (void)pipe;
#elif defined(ETAGE_BAD_STAGES_RDB_THREE)
  etage::gemm<etage::engine::RegisterDoubleBuffer, 3>('N', 'N', 1.f, a, b, 0.f, c);
#else
  etage::gemm<etage::engine::Synchronous, 9>('N', 'N', 1.f, a, b, 0.f, c);
#endif
}
