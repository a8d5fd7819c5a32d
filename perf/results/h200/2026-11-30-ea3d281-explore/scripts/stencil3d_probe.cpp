// Session 15 exploration probe (not part of the library; built only in a patched copy of the
// tree by dev_switches_runI.py). Times etage::stencil_3d (BulkTensor) against a device copy of
// the same bytes, alternating, for grid shapes and run-time variants given on the command line:
//   stencil3d_probe SHAPES VARIANT...
//   SHAPES:  nz x ny x nx, comma separated (e.g. 640x640x640,808x808x808)
//   VARIANT: name[:block][:VAR=value;VAR=value]   block 0 = default 16x128/3, 1 = 8x256/3,
//            2 = 4x512/3; the variables are the dev switches (ETAGE_DEV_*), set for that variant only.
// Prints one line per (shape, round, variant): median kernel time of the stencil and of the
// copy over the repetitions, and the copy / stencil ratio (the benchmark's fraction of copy).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/etage.hpp>

using T = float;
using Grid = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using Flat = Kokkos::View<T*, Kokkos::CudaSpace>;

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F>
static double time_ms(F&& f, int reps) {
  std::vector<double> t;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();  // warm-up (tensor maps, pools)
  Kokkos::fence();
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return median(t);
}

template <class Tile>
static void run_stencil(Grid const& in, Grid const& out) {
  etage::stencil_3d<etage::engine::BulkTensor, 0, Tile>(Kokkos::Cuda{}, in, out, etage::Stencil3D<T>::jacobi());
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SHAPES VARIANT...\n", argv[0]);
    return 2;
  }
  int const reps = std::getenv("PROBE_REPS") ? std::atoi(std::getenv("PROBE_REPS")) : 15;
  std::vector<std::array<long, 3>> shapes;
  {
    std::stringstream ss(argv[1]);
    std::string s;
    while (std::getline(ss, s, ',')) {
      long z, y, x;
      if (std::sscanf(s.c_str(), "%ldx%ldx%ld", &z, &y, &x) != 3) return 2;
      shapes.push_back({z, y, x});
    }
  }
  for (auto const& sh : shapes) {
    Grid in("in", sh[0], sh[1], sh[2]), out("out", sh[0], sh[1], sh[2]);
    Kokkos::parallel_for(
        "fill", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(in.size())),
        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });
    Flat fi(in.data(), in.size()), fo(out.data(), out.size());
    for (int round = 1; round <= 2; ++round) {
      for (int a = 2; a < argc; ++a) {
        std::string spec = argv[a], name = spec, vars;
        int block = 0;
        if (auto c = spec.find(':'); c != std::string::npos) {
          name = spec.substr(0, c);
          std::string rest = spec.substr(c + 1);
          auto c2 = rest.find(':');
          block = std::atoi(rest.substr(0, c2).c_str());
          if (c2 != std::string::npos) vars = rest.substr(c2 + 1);
        }
        std::vector<std::string> set;
        {
          std::stringstream vs(vars);
          std::string kv;
          while (std::getline(vs, kv, ';')) {
            auto e = kv.find('=');
            if (e == std::string::npos) continue;
            setenv(kv.substr(0, e).c_str(), kv.substr(e + 1).c_str(), 1);
            set.push_back(kv.substr(0, e));
          }
        }
        double const copy = time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, fo, fi); }, reps);
        double st = 0;
        if (block == 0) st = time_ms([&] { run_stencil<void>(in, out); }, reps);
        if (block == 1) st = time_ms([&] { run_stencil<etage::StencilTile<8, 256, 256, 2, 3>>(in, out); }, reps);
        if (block == 2) st = time_ms([&] { run_stencil<etage::StencilTile<4, 512, 256, 2, 3>>(in, out); }, reps);
        // A last call with the timeline switch, if the variant asks for it (after timing).
        if (char const* tl = std::getenv("PROBE_TL")) {
          std::string const path = std::string(tl) + "-" + name + "-" + std::to_string(sh[0]) + "x" +
                                   std::to_string(sh[1]) + "x" + std::to_string(sh[2]) + "-r" +
                                   std::to_string(round) + ".csv";
          setenv("ETAGE_DEV_TL", path.c_str(), 1);
          if (block == 0) run_stencil<void>(in, out);
          if (block == 1) run_stencil<etage::StencilTile<8, 256, 256, 2, 3>>(in, out);
          if (block == 2) run_stencil<etage::StencilTile<4, 512, 256, 2, 3>>(in, out);
          Kokkos::fence();
          unsetenv("ETAGE_DEV_TL");
        }
        std::printf("%ldx%ldx%ld round %d %-12s block %d stencil %.4f ms copy %.4f ms fraction %.1f %% [%s]\n", sh[0],
                    sh[1], sh[2], round, name.c_str(), block, st, copy, 100.0 * copy / st, vars.c_str());
        std::fflush(stdout);
        for (auto const& k : set) unsetenv(k.c_str());
      }
    }
  }
  return 0;
}
