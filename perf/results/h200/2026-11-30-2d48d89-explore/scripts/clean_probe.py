#!/usr/bin/env python3
"""Session 16 runs EE-HH (tree ea3d281): the probe without any dev switch, timed like the benchmark.
Adds session 15's stencil3d_probe.cpp and its CMake target to an unpatched copy of the tree given
as argv[1], and makes the probe queue PROBE_QUEUE calls (default 1) between its two CUDA events,
timing their mean (the benchmark queues 8 per sample), so that a call's host-side work overlaps
the previous call's kernel. With `early` as argv[2], also hard-codes the early release of run Z
(each consumer warp releases its stage before computing on it) in the warp-specialized tile loop:
an upper bound, not a correct program, now measured on an otherwise unchanged kernel. With
`evict_last:F` (F in (0, 1]), every 2D bulk tensor copy (the stencils' boxes) carries an L2
cache hint with a createpolicy.fractional.L2::evict_last policy of fraction F (session 15's runs
U and V, ETAGE_DEV_LD=2, there a run-time switch). Options combine with '+' (e.g.
evict_last:1.0+demote): `st_first`: the 16-byte float stores (Vec::store_global) with an
L2::cache_hint evict_first policy; `demote`: when a 3D team's ring is done, its producer warp
returns every 128-byte line of its boxes to the normal L2 priority
(applypriority.global.L2::evict_normal), so that no evict_last line outlives the sweep.
`tps:N` (session 17): stencil_3d_teams_per_slot = N instead of 3.
Every probe built here also takes PROBE_AFTER: after each variant of the default block it times
a 16 MiB device copy (its 32 MiB fit the H200's L2; median of 20, after the variant's timed
sweeps), then runs one more sweep and times ten copies in turn (each timing preceded by an
untimed warm-up copy), to see whether the sweep's L2 priorities slow work that relies on L2.
PROBE_L2SUM (run II): after each default-block variant, sums a 32 MiB buffer (it fits the L2)
50 times to make it resident, times 5 groups of 4 queued sums, then runs one sweep and times 8
groups of 4 queued sums right after it (a sum kernel writing its result to device memory, so
the queued sums do not wait for the host). Printed: microseconds per sum, per group.
"""
import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import patch  # noqa: E402

old_scripts = pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'
root = pathlib.Path(sys.argv[1])
shutil.copy(old_scripts / 'stencil3d_probe.cpp', root / 'perf/stencil3d_probe.cpp')
p = root / 'perf/CMakeLists.txt'
p.write_text(p.read_text() + '\nadd_executable(stencil3d_probe stencil3d_probe.cpp)\n'
             'target_link_libraries(stencil3d_probe PRIVATE etage::etage)\n')
patch(root, 'perf/stencil3d_probe.cpp', [
('''  f();  // warm-up (tensor maps, pools)
  Kokkos::fence();
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }''', '''  int const queue = std::getenv("PROBE_QUEUE") ? std::atoi(std::getenv("PROBE_QUEUE")) : 1;
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
  }'''),
])
patch(root, 'perf/stencil3d_probe.cpp', [
('''        std::fflush(stdout);
        for (auto const& k : set) unsetenv(k.c_str());''', '''        std::fflush(stdout);
        if (std::getenv("PROBE_AFTER") && block == 0) {
          Flat a("l2a", std::size_t(4) << 20), b("l2b", std::size_t(4) << 20);
          double const alone = time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, b, a); }, 20);
          run_stencil<void>(in, out);
          Kokkos::fence();
          std::string after;
          for (int k = 0; k < 10; ++k) after += " " + std::to_string(time_ms([&] { Kokkos::deep_copy(Kokkos::Cuda{}, b, a); }, 1));
          std::printf("after %s: 16 MiB copy alone %.4f ms; after one sweep, ten in turn (ms):%s\\n", name.c_str(), alone,
                      after.c_str());
          std::fflush(stdout);
        }
        for (auto const& k : set) unsetenv(k.c_str());'''),
])
patch(root, 'perf/stencil3d_probe.cpp', [
('''using Flat = Kokkos::View<T*, Kokkos::CudaSpace>;
''', '''using Flat = Kokkos::View<T*, Kokkos::CudaSpace>;

// Run II: the sum of a buffer, for the L2 residency test (a functor: an extended lambda may not
// sit inside another lambda).
struct L2Sum {
  Flat a;
  KOKKOS_INLINE_FUNCTION void operator()(long i, T& acc) const { acc += a(i); }
};
'''),
('''        for (auto const& k : set) unsetenv(k.c_str());
      }''', '''        if (std::getenv("PROBE_L2SUM") && block == 0) {
          Flat a("l2sum", std::size_t(8) << 20);
          Kokkos::deep_copy(a, T(1));
          Kokkos::View<T, Kokkos::CudaSpace> r("l2sum_r");
          auto sum = [&] {
            Kokkos::parallel_reduce(
                "l2sum", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(a.size())),
                L2Sum{a}, r);
          };
          auto groups = [&](int n) {
            std::string o;
            cudaEvent_t e0, e1;
            cudaEventCreate(&e0);
            cudaEventCreate(&e1);
            for (int g = 0; g < n; ++g) {
              cudaEventRecord(e0);
              for (int k = 0; k < 4; ++k) sum();
              cudaEventRecord(e1);
              cudaEventSynchronize(e1);
              float ms = 0;
              cudaEventElapsedTime(&ms, e0, e1);
              o += " " + std::to_string(int(ms * 1000.0f / 4.0f + 0.5f));
            }
            cudaEventDestroy(e0);
            cudaEventDestroy(e1);
            return o;
          };
          for (int k = 0; k < 50; ++k) sum();
          Kokkos::fence();
          std::string const resident = groups(5);
          run_stencil<void>(in, out);
          std::string const after = groups(8);
          std::printf("l2sum %s: 32 MiB sum, us per sum: resident%s | after one sweep%s\\n", name.c_str(),
                      resident.c_str(), after.c_str());
          std::fflush(stdout);
        }
        for (auto const& k : set) unsetenv(k.c_str());
      }'''),
])
opts = sys.argv[2].split('+') if len(sys.argv) > 2 else []
if 'early' in opts:
    patch(root, 'core/include/etage/tile_loop.hpp', [
    ('''        pipe.consumer_wait(m, st);
        compute(ctx, t, ops.tile(st.index())...);
        pipe.consumer_release(m, st);''', '''        pipe.consumer_wait(m, st);
        pipe.consumer_release(m, st);  // run EE: early release (an upper bound, not correct)
        compute(ctx, t, ops.tile(st.index())...);'''),
    ])
ev = [o for o in opts if o.startswith('evict_last:')]
if ev:
    frac = ev[0].split(':')[1]
    patch(root, 'backends/cuda/include/etage/ptx/bulk_tensor.hpp', [
    ('''  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar))
      : "memory");''', '''  std::uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, ''' + frac + ''';" : "=l"(policy));
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(smem_dst),
      "l"(tensor_map), "r"(c0), "r"(c1), "r"(smem_address(bar)), "l"(policy)
      : "memory");'''),
    ])
if 'st_first' in opts:
    patch(root, 'core/include/etage/tile.hpp', [
    ('''      __stwb(reinterpret_cast<float4*>(to), make_float4(v[0], v[1], v[2], v[3]));''',
     '''      unsigned long long policy;
      asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
      asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(to), "f"(v[0]), "f"(v[1]),
                   "f"(v[2]), "f"(v[3]), "l"(policy)
                   : "memory");'''),
    ])
if 'demote' in opts:
    patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
    ('''    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0 || ze != nz || ze == zb) return;''', '''#ifdef __CUDA_ARCH__
    if (Engine::producer_warps > 0 && team.team_rank() < 32) {
      // Run GG: every 128-byte line of this team's boxes back to the normal L2 priority.
      std::int64_t const c0 = x0 - G::H < 0 ? 0 : x0 - G::H, c1 = x0 + G::BI + G::H < nx ? x0 + G::BI + G::H : nx;
      int const rows = int(last - first + 1) * (G::BO + 2);
      for (int k = team.team_rank(); k < rows; k += 32) {
        std::int64_t const p = first + k / (G::BO + 2), y = row_base + k % (G::BO + 2);
        if (y < 0 || y >= ny) continue;
        char const* a = reinterpret_cast<char const*>(src.data + (p * rows_per_plane + y) * src.stride_outer() + c0);
        char const* e = reinterpret_cast<char const*>(src.data + (p * rows_per_plane + y) * src.stride_outer() + c1);
        for (char const* l = reinterpret_cast<char const*>(std::uintptr_t(a) & ~std::uintptr_t(127)); l < e; l += 128)
          asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(l) : "memory");
      }
    }
#endif
    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0 || ze != nz || ze == zb) return;'''),
    ])
tps = [o for o in opts if o.startswith('tps:')]
if tps:  # session 17 run E: another stencil_3d_teams_per_slot (z ranges per block)
    patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
    ('inline constexpr int stencil_3d_teams_per_slot = 3;',
     'inline constexpr int stencil_3d_teams_per_slot = ' + tps[0].split(':')[1] + ';'),
    ])
print('clean probe', sys.argv[2] if len(sys.argv) > 2 else '', root)
