#!/usr/bin/env python3
"""Session 18 run C: does demoting only the last-loaded input lines keep the evict_last gain and
clear what the hint leaves in L2? Builds on shape_probe.py (the clean probe on the tree argv[1],
with block 3 = the default 3D block with the library's evict_last option). Adds:
- block 4: the same block with evict_last (HaloBytes 32 named explicitly, which is the GPU's
  default, so that the patch can tell it apart), whose teams among the last W of the league
  (league_rank >= league_size - W; W = argv[3]) have their producer warp, after the ring is
  done, return every 128-byte line of their last P boxes (P = argv[2]) to the normal L2
  priority (applypriority.global.L2::evict_normal);
- after blocks 0, 3 and 4 (no reset in between): an L2-resident 16 MiB device copy (32 MiB
  moved) timed in 6 groups of 20 queued calls (median of the group means), then
  etage::reset_l2_persisting_lines and the same timing again. after / clean is what the
  variant leaves behind.
"""
import pathlib
import subprocess
import sys

import probe_patches
from probe_patches import residency_test

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
P, W = int(sys.argv[2]), int(sys.argv[3])
# Run D: with a 4th argument `team`, every thread of the team (producer and consumers) takes a
# share of the rows instead of the producer warp alone.
whole_team = len(sys.argv) > 4 and sys.argv[4] == 'team'
lanes = 'team.team_size()' if whole_team else '32'
who = 'true' if whole_team else 'team.team_rank() < 32' 
subprocess.run([sys.executable, str(here / 'shape_probe.py'), str(root)], check=True)


def patch(rel, old, new):
    probe_patches.patch(root, rel, old, new)


patch('algorithms/include/etage/algorithms/stencil.hpp', '''    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0 || ze != nz || ze == zb) return;''', '''#ifdef __CUDA_ARCH__
    if constexpr (Tile::halo_bytes == 32 && Tile::input_eviction == L2Eviction::Last && Engine::producer_warps > 0) {
      // Session 18 run C: the last W teams demote the lines of their last P boxes.
      if (''' + who + ''' && team.league_rank() >= team.league_size() - ''' + str(W) + ''') {
        std::int64_t const c0 = col < 0 ? 0 : col, c1 = col + G::BI + 2 * G::H < nx ? col + G::BI + 2 * G::H : nx;
        std::int64_t const from = last - ''' + str(P) + ''' + 1 > first ? last - ''' + str(P) + ''' + 1 : first;
        int const rows = int(last - from + 1) * (G::BO + 2);
        for (int k = team.team_rank(); k < rows; k += ''' + lanes + ''') {
          std::int64_t const p = from + k / (G::BO + 2), y = row_base + k % (G::BO + 2);
          if (y < 0 || y >= ny) continue;
          char const* a = reinterpret_cast<char const*>(src.data + (p * rows_per_plane + y) * src.stride_outer() + c0);
          char const* e = reinterpret_cast<char const*>(src.data + (p * rows_per_plane + y) * src.stride_outer() + c1);
          for (char const* l = reinterpret_cast<char const*>(std::uintptr_t(a) & ~std::uintptr_t(127)); l < e; l += 128)
            asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(l) : "memory");
        }
      }
    }
#endif
    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0 || ze != nz || ze == zb) return;''')

patch('perf/stencil3d_probe.cpp', '''        if (block == 3) {''', '''        if (block == 4) {
          using LastDemote = etage::StencilTile<16, 128, 256, 2, 3, 32, etage::L2Eviction::Last>;
          st = time_ms([&] { run_stencil<LastDemote>(in, out); }, reps);
        }
        if (block == 3) {''')
residency_test(root)
print('demote probe P', P, 'W', W, 'whole team' if whole_team else 'producer warp', root)
