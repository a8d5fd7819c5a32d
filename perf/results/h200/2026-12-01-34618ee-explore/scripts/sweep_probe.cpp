// Session 20 exploration probe (not part of the library; make_tree.py adds it, with a CMake
// target, to a copy of the tree). Times etage::stencil_3d (BulkTensor, floats) against a device
// copy of the same bytes in one process, for the grid shapes and blocks named on the command line:
//   sweep_probe SHAPES BLOCK...
//   SHAPES: nz x ny x nx, comma separated (e.g. 640x640x640,808x808x808)
//   BLOCK:  a number from the table in run_block() below (0 = the library's default block)
// Each (shape, round, block): PROBE_REPS samples (default 60) of PROBE_QUEUE queued calls
// (default 8) between two CUDA events, median of the per-call means, for the stencil and for
// the copy right before it; then an L2-resident 16 MiB copy (6 groups of 20 queued calls, median
// of the group means) right after the stencil's sweeps and again after
// etage::reset_l2_persisting_lines (printed as their ratio: what the sweeps left in L2).
// The output of every block is checked against block 0's (max abs difference printed).
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
using etage::L2Eviction;
using etage::StencilTile;

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

static int env_int(char const* name, int fallback) {
  char const* s = std::getenv(name);
  return s ? std::atoi(s) : fallback;
}

template <class F>
static double time_ms(F&& f, int reps, int queue) {
  std::vector<double> t;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();  // warm-up (tensor maps, pools)
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

template <class Tile>
static void run_stencil(Grid const& in, Grid const& out) {
  etage::stencil_3d<etage::engine::BulkTensor, 0, Tile>(Kokkos::Cuda{}, in, out, etage::Stencil3D<T>::jacobi());
}

// The blocks. 0: the library's default (16 x 128 floats, 256 threads, 2 per SM, 3 stages,
// evict_last boxes). The others vary one or two of those.
static bool run_block(int block, Grid const& in, Grid const& out) {
  switch (block) {
    case 0: run_stencil<void>(in, out); return true;
    case 1: run_stencil<StencilTile<16, 128, 256, 2, 3>>(in, out); return true;  // no hint
#ifdef SWEEP_ALL_BLOCKS  // only the `main` tree builds them (compile time)
    case 2: run_stencil<StencilTile<16, 128, 128, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
    case 3: run_stencil<StencilTile<16, 128, 128, 3, 3, 0, L2Eviction::Last>>(in, out); return true;
    case 4: run_stencil<StencilTile<14, 128, 256, 2, 4, 0, L2Eviction::Last>>(in, out); return true;
    case 5: run_stencil<StencilTile<12, 128, 256, 2, 4, 0, L2Eviction::Last>>(in, out); return true;
    case 6: run_stencil<StencilTile<20, 128, 256, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
#endif
    default: return false;
  }
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SHAPES BLOCK...\n", argv[0]);
    return 2;
  }
  int const reps = env_int("PROBE_REPS", 60), queue = env_int("PROBE_QUEUE", 8);
  std::vector<std::array<long, 3>> shapes;
  {
    std::stringstream ss(argv[1]);
    std::string s;
    while (std::getline(ss, s, ',')) {
      long z, y, x;
      if (std::sscanf(s.c_str(), "%ldx%ldx%ld", &z, &y, &x) != 3) {
        std::fprintf(stderr, "bad shape '%s' (want NZxNYxNX)\n", s.c_str());
        return 2;
      }
      shapes.push_back({z, y, x});
    }
  }
  Flat ra("ra", std::size_t(4) << 20), rb("rb", std::size_t(4) << 20);
  auto resident_copy_us = [&] {
    std::vector<double> g;
    for (int k = 0; k < 5; ++k) Kokkos::deep_copy(Kokkos::Cuda{}, rb, ra);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    for (int i = 0; i < 6; ++i) {
      cudaEventRecord(e0);
      for (int k = 0; k < 20; ++k) Kokkos::deep_copy(Kokkos::Cuda{}, rb, ra);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      g.push_back(ms * 1000.0 / 20);
    }
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    return median(g);
  };
  for (auto const& sh : shapes) {
    Grid in("in", sh[0], sh[1], sh[2]), out("out", sh[0], sh[1], sh[2]), ref("ref", sh[0], sh[1], sh[2]);
    Kokkos::parallel_for(
        "fill", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(in.size())),
        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });
    run_block(0, in, ref);
    Flat fi(in.data(), in.size()), fo(out.data(), out.size()), fr(ref.data(), ref.size());
    for (int round = 1; round <= 2; ++round) {
      for (int a = 2; a < argc; ++a) {
        int const block = std::atoi(argv[a]);
        Kokkos::deep_copy(out, T(-1));
        if (!run_block(block, in, out)) {
          std::fprintf(stderr, "unknown block %d\n", block);
          return 2;
        }
        T diff = 0;
        Kokkos::parallel_reduce(
            "diff", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(fo.size())),
            KOKKOS_LAMBDA(long i, T& m) { m = Kokkos::max(m, Kokkos::abs(fo(i) - fr(i))); }, Kokkos::Max<T>(diff));
        double const copy = time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, fo, fi); }, reps, queue);
        double const st = time_ms([&] { run_block(block, in, out); }, reps, queue);
        double const after = resident_copy_us();
        etage::reset_l2_persisting_lines(Kokkos::Cuda{});
        double const clean = resident_copy_us();
        std::printf(
            "%ldx%ldx%ld round %d block %d stencil %.4f ms copy %.4f ms fraction %.2f %% resident %.3f/%.3f us = %.3f "
            "maxdiff %.3g\n",
            sh[0], sh[1], sh[2], round, block, st, copy, 100.0 * copy / st, after, clean, after / clean, double(diff));
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
