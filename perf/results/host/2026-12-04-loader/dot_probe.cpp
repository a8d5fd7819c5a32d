// Session 24 host probe (not part of the library): three etage::dot calls (Synchronous, 2
// stages) or three plain Kokkos RangePolicy dots over two vectors of 2^23 floats, for counting
// instructions with callgrind (callgrind.sh). Usage: dot_probe 0 (etage) | 1 (Kokkos range).
#include <Kokkos_Core.hpp>
#include <etage/etage.hpp>
#include <etage/algorithms/reduce.hpp>
#include <cstdio>
int main(int argc, char** argv) {
  Kokkos::ScopeGuard g(argc, argv);
  long n = 1 << 23;
  Kokkos::View<float*> x("x", n), y("y", n);
  Kokkos::deep_copy(x, 1.0f); Kokkos::deep_copy(y, 2.0f);
  using S = Kokkos::DefaultExecutionSpace;
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  float r = 0;
  for (int i = 0; i < 3; ++i) {
    if (mode == 0) r = etage::dot<etage::engine::Synchronous, 2>(S{}, x, y);
    else Kokkos::parallel_reduce(Kokkos::RangePolicy<S>(0, n), KOKKOS_LAMBDA(long i, float& a) { a += x(i) * y(i); }, r);
  }
  std::printf("%g\n", r);
}
