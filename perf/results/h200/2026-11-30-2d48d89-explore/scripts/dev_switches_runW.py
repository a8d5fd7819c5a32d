#!/usr/bin/env python3
"""Session 16 run W (tree ea3d281): session 15's run-V patches (every ETAGE_DEV_* switch of
perf/results/h200/2026-11-30-ea3d281-explore), plus ETAGE_DEV_BS=m for stencil_3d's runs kernel:
1 = bulk stores: each finished plane's block goes from registers into an output buffer in team
scratch (BO x BI elements, allocated before the ring), and BO consumer threads copy its rows to
global memory with cp.async.bulk.global.shared::cta (one per row, clipped to the grid), so the
consumer threads issue no global stores; before the buffer is refilled those threads wait for
the previous copies to have read it (cp.async.bulk.wait_group.read 0). Two bar.sync of the
consumer threads per plane. 2 = the same two bar.sync per plane and the same scratch, with the
library's register stores (the control). With the switch set, the launch requests the buffer's
scratch on top of the ring's.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import patch, setup  # noqa: E402

root = setup('dev_switches_runV.py')
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''  int dev_copy = 0, dev_nostore = 0;
''', '''  int dev_copy = 0, dev_nostore = 0, dev_bs = 0;

  /// Run W: the finished plane z of the block at (y0, x0) through the output buffer `obuf`.
  template <int PT>
  ETAGE_FORCEINLINE_FUNCTION void dev_bulk_store(ConsumerContext const& ctx, Vec<T, G::V> const (&held)[PT],
                                                 std::int64_t z, std::int64_t y0, std::int64_t x0, T* obuf) const {
#ifdef __CUDA_ARCH__
    constexpr int V = G::V, count = G::points / V;
    if (dev_bs == 1 && ctx.rank < G::BO) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    asm volatile("bar.sync 1, %0;" ::"r"(G::threads) : "memory");
    if (dev_bs == 1) {
#pragma unroll
      for (int j = 0; j < PT; ++j) {
        int const e = ctx.rank + j * G::threads;
        if (count % G::threads == 0 || e < count) *reinterpret_cast<Vec<T, V>*>(obuf + e * V) = held[j];
      }
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    asm volatile("bar.sync 1, %0;" ::"r"(G::threads) : "memory");
    if (dev_bs == 1 && ctx.rank < G::BO && y0 + ctx.rank < ny) {
      int const r = ctx.rank;
      std::int64_t const cols = nx - x0 < G::BI ? nx - x0 : G::BI;
      unsigned const bytes = unsigned(cols * std::int64_t(sizeof(T)));
      T* dst = &out(z, y0 + r, x0);
      unsigned const src = unsigned(__cvta_generic_to_shared(obuf + r * G::BI));
      asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(src), "r"(bytes)
                   : "memory");
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
#endif
  }
'''),
('''    T fold = T(0);
''', '''    T fold = T(0);
    Vec<T, V> held[per_thread];
    T* obuf = dev_bs == 1 ? static_cast<T*>(team.team_scratch(0).get_shmem_aligned(G::points * sizeof(T), 128)) : nullptr;
'''),
('''                if (!dev_nostore) o.store_global(&out(p - 1, y0 + y, x0 + x));
''', '''                if (dev_bs == 1) held[j] = o;
                else if (!dev_nostore) o.store_global(&out(p - 1, y0 + y, x0 + x));
'''),
('''        },
        [&](int rank) {
#pragma unroll''', '''          if (dev_bs && finish) dev_bulk_store(ctx, held, p - 1, y0, x0, obuf);
        },
        [&](int rank) {
#pragma unroll'''),
('''        });    if (dev_nostore && fold != fold) out(0, 0, 0) = fold;
''', '''        });    if (dev_nostore && fold != fold) out(0, 0, 0) = fold;
#ifdef __CUDA_ARCH__
    if (dev_bs == 1) {
      int const rk = team.team_rank() - 32 * Engine::producer_warps;
      if (rk >= 0 && rk < G::BO) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
#endif
'''),
('''  constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, S, decltype(kernel.src)>();
''', '''  std::size_t const scratch =
      tile_loop_scratch_bytes<Engine, S, decltype(kernel.src)>() +
      (std::string(name) == "stencil_3d" && std::getenv("ETAGE_DEV_BS")
           ? std::size_t(Tile::bo) * Tile::bi * sizeof(typename decltype(kernel.src)::value_type) + 128
           : 0);
'''),
('''        kernel.dev_copy = std::getenv("ETAGE_DEV_COPY") ? std::atoi(std::getenv("ETAGE_DEV_COPY")) : 0;
''', '''        kernel.dev_copy = std::getenv("ETAGE_DEV_COPY") ? std::atoi(std::getenv("ETAGE_DEV_COPY")) : 0;
        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
'''),
])
print('run W patched', root)
# The probe checks each variant in round 1 (PROBE_CHECK set): its output against the default's
# (no switches), elementwise, on the host; prints the largest difference.
patch(root, 'perf/stencil3d_probe.cpp', [
('''        std::printf("%ldx%ldx%ld round %d %-12s block %d stencil''', '''        if (std::getenv("PROBE_CHECK") && block == 0 && round == 1) {
          Kokkos::deep_copy(out, T(-7));
          run_stencil<void>(in, out);
          auto a = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, out);
          std::vector<std::string> saved;
          for (auto const& k : set) unsetenv(k.c_str());
          Kokkos::deep_copy(out, T(-9));
          run_stencil<void>(in, out);
          auto r = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, out);
          double worst = 0;
          for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, double(std::abs(a.data()[i] - r.data()[i])));
          std::printf("check %s: largest difference from the default %.3g over %zu points\\n", name.c_str(), worst,
                      a.size());
          std::stringstream vs2(vars);
          std::string kv2;
          while (std::getline(vs2, kv2, ';'))
            if (auto e2 = kv2.find('='); e2 != std::string::npos)
              setenv(kv2.substr(0, e2).c_str(), kv2.substr(e2 + 1).c_str(), 1);
        }
        std::printf("%ldx%ldx%ld round %d %-12s block %d stencil'''),
])
print('run W probe check added', root)
