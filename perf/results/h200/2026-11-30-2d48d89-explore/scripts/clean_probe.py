#!/usr/bin/env python3
"""Session 16 runs EE (tree ea3d281): the probe without any dev switch, timed like the benchmark.
Adds session 15's stencil3d_probe.cpp and its CMake target to an unpatched copy of the tree given
as argv[1], and makes the probe queue PROBE_QUEUE calls (default 1) between its two CUDA events,
timing their mean (the benchmark queues 8 per sample), so that a call's host-side work overlaps
the previous call's kernel. With `early` as argv[2], also hard-codes the early release of run Z
(each consumer warp releases its stage before computing on it) in the warp-specialized tile loop:
an upper bound, not a correct program, now measured on an otherwise unchanged kernel.
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
if len(sys.argv) > 2 and sys.argv[2] == 'early':
    patch(root, 'core/include/etage/tile_loop.hpp', [
    ('''        pipe.consumer_wait(m, st);
        compute(ctx, t, ops.tile(st.index())...);
        pipe.consumer_release(m, st);''', '''        pipe.consumer_wait(m, st);
        pipe.consumer_release(m, st);  // run EE: early release (an upper bound, not correct)
        compute(ctx, t, ops.tile(st.index())...);'''),
    ])
print('clean probe', 'early' if len(sys.argv) > 2 else '', root)
