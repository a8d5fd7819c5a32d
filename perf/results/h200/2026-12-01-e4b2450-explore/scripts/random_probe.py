#!/usr/bin/env python3
"""Session 18 run G: library_probe.py on the tree argv[1], plus PROBE_RANDOM=1: the input grid
filled with uniform random floats in [0, 1) (Kokkos::fill_random, the benchmark's fill) instead of
the probe's pattern (i % 1013) * 0.001. Question: does the input's content change the stencil's
speed (the benchmark reads below the probe on the same kernel)?"""
import pathlib
import subprocess
import sys

import probe_patches

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
subprocess.run([sys.executable, str(here / 'library_probe.py'), str(root)], check=True)
probe_patches.patch(root, 'perf/stencil3d_probe.cpp', '''        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });''',
                    '''        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });
    if (std::getenv("PROBE_RANDOM")) {
      Kokkos::Random_XorShift64_Pool<Kokkos::Cuda> pool(20240601u);
      Kokkos::fill_random(Kokkos::Cuda{}, in, pool, T(0), T(1));
      Kokkos::fence();
    }''')
probe_patches.patch(root, 'perf/stencil3d_probe.cpp', '''#include <Kokkos_Core.hpp>''',
                    '''#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>''')
print('random probe', root)
