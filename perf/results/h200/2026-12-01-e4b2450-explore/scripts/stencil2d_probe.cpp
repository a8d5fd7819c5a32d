// Session 18 run F probe (not part of the library; built only in a copy of the tree by
// stencil2d_probe.py): etage::stencil_2d (BulkTensor) with the default block against the same
// block with evict_last input boxes, each alternated with a device copy of the same bytes in one
// process (median of 15 samples of 8 queued calls), then an L2-resident 16 MiB copy timed right
// after the variant's sweeps and again after etage::reset_l2_persisting_lines (after / clean).
//   stencil2d_probe SHAPES      SHAPES: ny x nx, comma separated (e.g. 16384x16384,23168x23168)
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/etage.hpp>

using T = float;
using Grid = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using Flat = Kokkos::View<T*, Kokkos::CudaSpace>;

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F>
static double time_ms(F&& f, int reps, int queue) {
  std::vector<double> t;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();
  Kokkos::fence();
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(a);
    for (int q = 0; q < queue; ++q) f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms / queue);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return median(t);
}

static double resident_us() {
  Flat ra("ra", std::size_t(4) << 20), rb("rb", std::size_t(4) << 20);
  for (int k = 0; k < 5; ++k) Kokkos::deep_copy(Kokkos::Cuda{}, rb, ra);
  std::vector<double> g;
  for (int i = 0; i < 6; ++i) g.push_back(1000.0 * time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, rb, ra); }, 1, 20));
  return median(g);
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  if (argc < 2) return 2;
  std::stringstream ss(argv[1]);
  std::string sh;
  while (std::getline(ss, sh, ',')) {
    long ny, nx;
    if (std::sscanf(sh.c_str(), "%ldx%ld", &ny, &nx) != 2) return 2;
    Grid in("in", ny, nx), out("out", ny, nx);
    Kokkos::parallel_for(
        "fill", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(in.size())),
        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });
    Flat fi(in.data(), in.size()), fo(out.data(), out.size());
    using Last = etage::StencilTile<16, 120, 256, 3, 0, 0, etage::L2Eviction::Last>;
    for (int round = 1; round <= 2; ++round) {
      for (int v = 0; v < 2; ++v) {
        double const copy = time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, fo, fi); }, 15, 8);
        double const st =
            v == 0 ? time_ms([&] { etage::stencil_2d<etage::engine::BulkTensor>(Kokkos::Cuda{}, in, out,
                                                                                 etage::Stencil2D<T>::jacobi()); },
                             15, 8)
                   : time_ms([&] { etage::stencil_2d<etage::engine::BulkTensor, 0, Last>(Kokkos::Cuda{}, in, out,
                                                                                          etage::Stencil2D<T>::jacobi()); },
                             15, 8);
        char const* name = v == 0 ? "default" : "last";
        std::printf("%ldx%ld round %d %-8s stencil %.4f ms copy %.4f ms fraction %.1f %%\n", ny, nx, round, name, st,
                    copy, 100.0 * copy / st);
        double const after = resident_us();
        etage::reset_l2_persisting_lines(Kokkos::Cuda{});
        double const clean = resident_us();
        std::printf("resident %s: 16 MiB copy %.3f us after the sweeps, %.3f us after a reset: %.3f\n", name, after,
                    clean, after / clean);
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
