// Downstream application: C = A * B through etage::gemm, checked against a plain loop.
#include <cmath>
#include <cstdio>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/gemm.hpp>
#include <etage/etage.hpp>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  int const m = 37, n = 29, k = 41;
  Kokkos::View<double**> a("A", m, k), b("B", k, n), c("C", m, n);
  auto ha = Kokkos::create_mirror_view(a);
  auto hb = Kokkos::create_mirror_view(b);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p) ha(i, p) = std::sin(i + 0.5 * p);
  for (int p = 0; p < k; ++p)
    for (int j = 0; j < n; ++j) hb(p, j) = std::cos(0.25 * p - j);
  Kokkos::deep_copy(a, ha);
  Kokkos::deep_copy(b, hb);
  etage::gemm('N', 'N', 1.0, a, b, 0.0, c);
  auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, c);
  double err = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int p = 0; p < k; ++p) s += ha(i, p) * hb(p, j);
      err = std::fmax(err, std::fabs(s - hc(i, j)));
    }
  std::printf("downstream_app: max |C - ref| = %.3e\n", err);
  return err < 1e-10 ? 0 : 1;
}
