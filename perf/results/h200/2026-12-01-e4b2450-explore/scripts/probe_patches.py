"""Session 18: patches that demote_probe.py (runs C, D) and library_probe.py (run E) both apply to
a probe tree made by shape_probe.py."""
import pathlib


def patch(root, rel, old, new):
    p = pathlib.Path(root) / rel
    s = p.read_text()
    assert s.count(old) == 1, (rel, old[:60])
    p.write_text(s.replace(old, new))


def residency_test(root):
    """Block 3 (evict_last) no longer resets right after its timing; after every variant's timing,
    an L2-resident 16 MiB device copy (6 groups of 20 queued calls, median of the group means) is
    timed right after the sweeps and again after etage::reset_l2_persisting_lines."""
    patch(root, 'perf/stencil3d_probe.cpp', '''          st = time_ms([&] { run_stencil<Last>(in, out); }, reps);
          etage::reset_l2_persisting_lines(Kokkos::Cuda{});''', '''          st = time_ms([&] { run_stencil<Last>(in, out); }, reps);''')
    patch(root, 'perf/stencil3d_probe.cpp', '''        std::fflush(stdout);
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
