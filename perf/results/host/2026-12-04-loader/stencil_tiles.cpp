// Session 24 host probe (not part of the library): etage::stencil_3d and stencil_2d with the
// Synchronous engine at 2 stages and named blocks (one consumer thread), median of 7 calls
// after one warm-up, on 320^3 and 5792^2 floats; a Kokkos MDRangePolicy 3D sweep with a bounds
// test per neighbour for scale. Output: stencil_tiles.txt (two rounds of the 3D blocks). Build and
// run (host Kokkos prefix from cmake/bootstrap.sh host):
//   K=$HOME/.cache/etage/kokkos-5.0.2-host
//   g++ -O3 -march=native -std=c++20 -fopenmp -Icore/include -Ibackends/host/include \
//     -Ialgorithms/include -I$K/include perf/results/host/2026-12-04-loader/stencil_tiles.cpp \
//     -o /tmp/stencil_tiles -L$K/lib -lkokkoscore -ldl
//   OMP_PROC_BIND=spread OMP_PLACES=threads /tmp/stencil_tiles
#include <Kokkos_Core.hpp>
#include <etage/etage.hpp>
#include <etage/algorithms/stencil.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
using T = float;
template <class F> double best_ms(F&& f, int reps) {
  std::vector<double> v;
  f(); Kokkos::fence();
  for (int i = 0; i < reps; ++i) { auto t0 = std::chrono::steady_clock::now(); f(); Kokkos::fence();
    v.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()); }
  std::sort(v.begin(), v.end()); return v[v.size() / 2];
}
template <class Tile> double run3(Kokkos::View<T***> in, Kokkos::View<T***> out) {
  return best_ms([&] { etage::stencil_3d<etage::engine::Synchronous, 2, Tile>(Kokkos::DefaultExecutionSpace{}, in, out, etage::Stencil3D<T>::jacobi()); }, 7);
}
template <class Tile> double run2(Kokkos::View<T**> in, Kokkos::View<T**> out) {
  return best_ms([&] { etage::stencil_2d<etage::engine::Synchronous, 2, Tile>(Kokkos::DefaultExecutionSpace{}, in, out, etage::Stencil2D<T>::jacobi()); }, 7);
}
int main(int argc, char** argv) {
  Kokkos::ScopeGuard g(argc, argv);
  long n = 320;
  Kokkos::View<T***> in("in", n, n, n), out("out", n, n, n);
  Kokkos::deep_copy(in, 1.0f);
  double const bytes = 2.0 * n * n * n * sizeof(T);
  auto rep = [&](char const* name, double ms) { std::printf("3D %-10s %7.2f ms %6.2f GB/s\n", name, ms, bytes / ms / 1e6); };
  for (int r = 0; r < 2; ++r) {
    rep("8x32", run3<etage::StencilTile<8, 32, 1>>(in, out));
    rep("8x64", run3<etage::StencilTile<8, 64, 1>>(in, out));
    rep("8x128", run3<etage::StencilTile<8, 128, 1>>(in, out));
    rep("16x64", run3<etage::StencilTile<16, 64, 1>>(in, out));
    rep("16x128", run3<etage::StencilTile<16, 128, 1>>(in, out));
    rep("4x256", run3<etage::StencilTile<4, 256, 1>>(in, out));
    double const kr = best_ms([&] {
      auto i = in; auto o = out; long N = n;
      Kokkos::parallel_for(Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0,0,0},{N,N,N}), KOKKOS_LAMBDA(long z, long y, long x) {
        auto at = [&](long a, long b, long c) { return a < 0 || a >= N || b < 0 || b >= N || c < 0 || c >= N ? T(0) : i(a,b,c); };
        T const s = T(1)/T(6);
        o(z,y,x) = s*at(z-1,y,x)+s*at(z+1,y,x)+s*at(z,y-1,x)+s*at(z,y+1,x)+s*at(z,y,x-1)+s*at(z,y,x+1); });
    }, 7);
    rep("mdrange", kr);
  }
  long m = 5792;
  Kokkos::View<T**> a("a", m, m), b("b", m, m);
  double const b2 = 2.0 * m * m * sizeof(T);
  auto rep2 = [&](char const* name, double ms) { std::printf("2D %-10s %7.2f ms %6.2f GB/s\n", name, ms, b2 / ms / 1e6); };
  rep2("8x32", run2<etage::StencilTile<8, 32, 1>>(a, b));
  rep2("8x128", run2<etage::StencilTile<8, 128, 1>>(a, b));
  rep2("16x128", run2<etage::StencilTile<16, 128, 1>>(a, b));
  rep2("4x256", run2<etage::StencilTile<4, 256, 1>>(a, b));
}
