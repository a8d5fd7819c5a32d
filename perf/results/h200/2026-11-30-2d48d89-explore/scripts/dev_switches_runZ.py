#!/usr/bin/env python3
"""Session 16 run Z (tree ea3d281): run Y's patches, plus ETAGE_DEV_EARLY=1 for the
warp-specialized tile loop (set before each 3D launch): each consumer warp releases its stage
*before* computing on it, not after. This is a measurement of what an early release could gain
at most, not a correct program: the producer may refill the slot while the warp still reads it.
With 3 stages the refill lands a load latency later, so the outputs are normally unharmed;
the probe's check (PROBE_CHECK) compares them with the default's.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import patch, setup  # noqa: E402

root = setup(pathlib.Path(__file__).resolve().parent / 'dev_switches_runY.py')
patch(root, 'core/include/etage/tile_loop.hpp', [
('''static __device__ int etage_dev_drain = 0;
''', '''static __device__ int etage_dev_drain = 0;
static __device__ int etage_dev_early = 0;
'''),
('''        pipe.consumer_wait(m, st);
        compute(ctx, t, ops.tile(st.index())...);
        pipe.consumer_release(m, st);
      }
    }''', '''        pipe.consumer_wait(m, st);
#ifdef __CUDA_ARCH__
        if (etage_dev_early) {
          pipe.consumer_release(m, st);
          compute(ctx, t, ops.tile(st.index())...);
          continue;
        }
#endif
        compute(ctx, t, ops.tile(st.index())...);
        pipe.consumer_release(m, st);
      }
    }'''),
])
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''          cudaMemcpyToSymbol(etage_dev_drain, &drain, sizeof(int));
''', '''          cudaMemcpyToSymbol(etage_dev_drain, &drain, sizeof(int));
          int const early = std::getenv("ETAGE_DEV_EARLY") ? std::atoi(std::getenv("ETAGE_DEV_EARLY")) : 0;
          cudaMemcpyToSymbol(etage_dev_early, &early, sizeof(int));
'''),
])
print('run Z patched', root)
