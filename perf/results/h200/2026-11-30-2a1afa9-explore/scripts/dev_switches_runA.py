#!/usr/bin/env python3
"""Session 14 run A (tree 1563473): patches a copy of the tree (argv[1]) with run-time switches that
exist only under -DETAGE_DEV, and the exploration's extra benchmark rows. Not part of the
library. Switches (environment, read on the host at each launch):
  ETAGE_DEV_PROMO=0|64|128|256   tensor-map L2 promotion of every BulkTensor source
  ETAGE_DEV_PF3=k                3D stencil: L2 prefetch k planes ahead (BulkTensor)
  ETAGE_DEV_RANGES=r             3D stencil: z ranges per block instead of the rule
  ETAGE_DEV_POINTPATH=1          3D stencil: the kernel with the one-point path even where
                                 every block takes runs (the layout before attempt 22)
"""
from devpatch import INCLUDE_CSTDLIB, STENCIL_3D, patch, promo, root

promo()
patch('algorithms/include/etage/algorithms/stencil.hpp', STENCIL_3D + [
('''        if (Runs::all_runs(vector_out, nx)) return run(std::false_type{});''',
'''        if (Runs::all_runs(vector_out, nx) && !std::getenv("ETAGE_DEV_POINTPATH")) return run(std::false_type{});'''),
INCLUDE_CSTDLIB])

patch('perf/bench_memory.cpp', [(
'''                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),''',
'''                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),
                                    // session 14 exploration rows
                                    stencil_config<Synchronous, 2, 16, 128, 256, 2>(),
                                    stencil_config<RegisterDoubleBuffer, 2, 16, 128, 256, 2>(),
                                    stencil_config<CpAsync, 2, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 2, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 5, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 4, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 4>(),
                                    stencil_config<CpAsync, 6, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 3, 16, 128, 256, 3>(),''')])
print('patched', root)
