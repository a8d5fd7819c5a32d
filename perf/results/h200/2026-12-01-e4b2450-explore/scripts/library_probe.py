#!/usr/bin/env python3
"""Session 18 run E: the library's own 3D default block after 2b7ca4d (evict_last input boxes, the
last wave demoting its last 48 planes' lines) against the former default block (the same block
without the hint), with what each leaves in L2. Session 16's clean probe (clean_probe.py, no
option) on the tree given as argv[1] (an unpatched copy of a commit at or after 2b7ca4d), plus:
- block 5: StencilTile<16, 128, 256, 2, 3> (the former default: no hint, so no demotion);
- block 3 (shape_probe.py's): the default block with evict_last named explicitly;
- after blocks 0, 3 and 5: demote_probe.py's residency test (an L2-resident 16 MiB device copy,
  6 groups of 20 queued calls, median of the group means, right after the variant's sweeps and
  again after etage::reset_l2_persisting_lines; printed as after / clean).
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
subprocess.run([sys.executable, str(here / 'shape_probe.py'), str(root)], check=True)


def patch(rel, old, new):
    p = root / rel
    s = p.read_text()
    assert s.count(old) == 1, (rel, old[:60])
    p.write_text(s.replace(old, new))


patch('perf/stencil3d_probe.cpp', '''        if (block == 3) {''', '''        if (block == 5) st = time_ms([&] { run_stencil<etage::StencilTile<16, 128, 256, 2, 3>>(in, out); }, reps);
        if (block == 3) {''')
patch('perf/stencil3d_probe.cpp', '''          st = time_ms([&] { run_stencil<Last>(in, out); }, reps);
          etage::reset_l2_persisting_lines(Kokkos::Cuda{});''', '''          st = time_ms([&] { run_stencil<Last>(in, out); }, reps);''')
patch('perf/stencil3d_probe.cpp', '''        std::fflush(stdout);
        if (std::getenv("PROBE_AFTER") && block == 0) {''', '''        std::fflush(stdout);
        {
          Flat ra("ra", std::size_t(4) << 20), rb("rb", std::size_t(4) << 20);
          auto groups = [&] {
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
          double const after = groups();
          etage::reset_l2_persisting_lines(Kokkos::Cuda{});
          double const clean = groups();
          std::printf("resident %s block %d: 16 MiB copy %.3f us after the sweeps, %.3f us after a reset: %.3f\\n",
                      name.c_str(), block, after, clean, after / clean);
          std::fflush(stdout);
        }
        if (std::getenv("PROBE_AFTER") && block == 0) {''')
print('library probe', root)
