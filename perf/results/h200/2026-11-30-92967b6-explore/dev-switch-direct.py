#!/usr/bin/env python3
"""Temporary exploration switches (session 11), applied to the working tree before a dev build;
revert with git checkout of the two files.
ETAGE_DEV_DBPT: output blocks per stencil_2d team with engine::Direct (> 0 overrides 1).
ETAGE_DEV_DPLANES: z planes per stencil_3d team with engine::Direct (> 0 overrides 8).
Adds bench rows for Direct with other blocks than the Direct default (8x128 floats, 256 threads)."""
p = 'algorithms/include/etage/algorithms/stencil.hpp'
s = open(p).read()
env = '(std::getenv("{0}") && std::atoi(std::getenv("{0}")) > 0 ? std::atoi(std::getenv("{0}")) : {1})'
old = "chunked_league(blocks, 1, stencil_2d_direct_blocks_per_team).league"
assert old in s
s = s.replace(old, "chunked_league(blocks, 1, " + env.format("ETAGE_DEV_DBPT", "stencil_2d_direct_blocks_per_team") + ").league")
old = "(nz + stencil_3d_direct_planes - 1) / stencil_3d_direct_planes"
assert old in s
e = env.format("ETAGE_DEV_DPLANES", "stencil_3d_direct_planes")
s = s.replace(old, "(nz + " + e + " - 1) / " + e)
s = s.replace("#include <algorithm>\n", "#include <algorithm>\n#include <cstdlib>\n", 1)
open(p, 'w').write(s)
p = 'perf/bench_memory.cpp'
s = open(p).read()
old = "                                    config<Direct, 1>(),\n"
assert old in s
s = s.replace(old, old + """                                    stencil_config<Direct, 1, 8, 128, 256, 3>(),
                                    stencil_config<Direct, 1, 16, 128, 256, 4>(),
                                    stencil_config<Direct, 1, 8, 128, 128, 8>(),
                                    stencil_config<Direct, 1, 16, 128, 512, 2>(),
""", 1)
open(p, 'w').write(s)
print("ok")
