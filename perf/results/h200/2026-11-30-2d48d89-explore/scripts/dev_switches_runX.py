#!/usr/bin/env python3
"""Session 16 run X (tree ea3d281): run W's patches, plus ETAGE_DEV_UNITS=m for stencil_3d's runs
kernel (every block taking runs): persistent teams that stream units through one ring without
draining it between them. A unit is one (y, x) block and a z range of ETAGE_DEV_LZ planes
(default 16; ranges [k LZ, min((k + 1) LZ, nz)), units numbered range-major), loaded as LZ + 2
tiles (the planes zb - 1 ... zb + LZ, clamped to the grid: tiles below the grid or past the
range's top are loaded but not read). The league is ETAGE_DEV_LEAGUE teams (default 264, two per
SM of the H200). m = 1: team r takes units r, r + league, r + 2 league ... (the teams stay near
one another in unit order); m = 2: each team takes one run of consecutive units. Interior and
edge blocks in the same loop (the edge test at run time).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / '2026-11-30-ea3d281-explore' / 'scripts'))
from devpatch import patch, setup  # noqa: E402

root = setup(pathlib.Path(__file__).resolve().parent / 'dev_switches_runW.py')
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''  int dev_copy = 0, dev_nostore = 0, dev_bs = 0;
''', '''  int dev_copy = 0, dev_nostore = 0, dev_bs = 0;
  int dev_units = 0;
  std::int64_t dev_lz = 16, dev_nunits = 0, dev_league = 0;

  template <class Member>
  ETAGE_FUNCTION void run_units(Member const& team) const {
    constexpr int V = G::V, per_row = G::BI / V, count = G::points / V;
    constexpr int per_thread = (count + G::threads - 1) / G::threads;
    // 32-bit unit arithmetic (units, blocks and planes fit); each consumer thread decodes its
    // unit once, at the unit's first tile, and counts tiles after that.
    int const r = int(team.league_rank()), L = int(dev_league), U = int(dev_nunits), nb = int(num_blocks),
              bx = int(blocks_x), lz = int(dev_lz), nzi = int(nz), rows = int(ny);
    int const mine = dev_units == 1 ? (r < U ? (U - r + L - 1) / L : 0) : int(std::int64_t(U) * (r + 1) / L - std::int64_t(U) * r / L);
    int const first_unit = dev_units == 1 ? r : int(std::int64_t(U) * r / L), step = dev_units == 1 ? L : 1;
    int const per_unit = lz + 2;
    T below[per_thread * V], partial[per_thread * V];
    int k = per_unit - 1, u = first_unit - step, y0 = 0, x0 = 0, zb = 0, ze = 0;
    bool edge = false;
    tile_loop<Engine, Stages, G::threads>(
        team, mine * per_unit,
        [&](ConsumerContext const& ctx, int, auto const& tile) {
          if (++k == per_unit) {
            k = 0;
            u += step;
            int const block = u % nb, range = u / nb;
            y0 = (block / bx) * G::BO;
            x0 = (block % bx) * G::BI;
            zb = range * lz;
            ze = zb + lz < nzi ? zb + lz : nzi;
            edge = !(y0 >= 1 && x0 >= 1 && y0 + G::BO + 1 <= ny && x0 + G::BI + 1 <= nx);
#pragma unroll
            for (int q = 0; q < per_thread * V; ++q) below[q] = partial[q] = b;
          }
          int const p = zb - 1 + k;
          if (p < 0 || p > ze) return;
          bool const finish = p - 1 >= zb, start = p < ze, above_grid = p >= nzi;
#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = ctx.rank + j * G::threads;
            if (count % G::threads == 0 || e < count) {
              int const y = e / per_row, x = (e % per_row) * V;
              Vec<T, V> sum, centre;
              bool const inside = !edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
              if (!above_grid) {
                star_in_plane_run<V, G::H>(tile, w, y, x, sum, centre,
                                           edge ? RunBoundary<T>::template at<V>(y0 + y, x0 + x, ny, nx, b)
                                                : RunBoundary<T>{});
              } else {
#pragma unroll
                for (int q = 0; q < V; ++q) centre.v[q] = sum.v[q] = b;
              }
              if (finish && inside) {
                Vec<T, V> o;
#pragma unroll
                for (int q = 0; q < V; ++q) o.v[q] = partial[j * V + q] + w.weighted(w.zp, centre.v[q]);
                if (!dev_nostore) o.store_global(&out(p - 1, y0 + y, x0 + x));
              }
#pragma unroll
              for (int q = 0; q < V; ++q) {
                if (start) partial[j * V + q] = w.c * centre.v[q] + sum.v[q] + w.weighted(w.zm, below[j * V + q]);
                below[j * V + q] = centre.v[q];
              }
            }
          }
        },
        operand(src, [=](int t) {
          int const i = t / per_unit, kk = t - i * per_unit;
          int const uu = first_unit + i * step;
          int const block = uu % nb, range = uu / nb;
          int const by = (block / bx) * G::BO, bxx = (block % bx) * G::BI;
          int p = range * lz - 1 + kk;
          p = p < 0 ? 0 : p >= nzi ? nzi - 1 : p;
          return TileOrigin{{std::int64_t(p) * rows + by - 1, std::int64_t(bxx) - G::H}};
        }));
  }
'''),
('''  ETAGE_FUNCTION void body(Member const& team) const {
''', '''  ETAGE_FUNCTION void body(Member const& team) const {
    if (dev_units) {
      if constexpr (runs) run_units(team);
      return;
    }
'''),
('''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
''', '''        kernel.dev_bs = std::getenv("ETAGE_DEV_BS") ? std::atoi(std::getenv("ETAGE_DEV_BS")) : 0;
        kernel.dev_units = std::getenv("ETAGE_DEV_UNITS") && kernel.all_runs(vector_out, nx) ? std::atoi(std::getenv("ETAGE_DEV_UNITS")) : 0;
        if (kernel.dev_units) {
          kernel.dev_lz = std::getenv("ETAGE_DEV_LZ") ? std::atoi(std::getenv("ETAGE_DEV_LZ")) : 16;
          kernel.dev_league = std::getenv("ETAGE_DEV_LEAGUE") ? std::atoi(std::getenv("ETAGE_DEV_LEAGUE")) : 264;
          kernel.dev_nunits = (nz + kernel.dev_lz - 1) / kernel.dev_lz * blocks;
        }
'''),
('''        auto why = stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, blocks * ranges, forced, "stencil_3d",''',
'''        auto why = stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, kernel.dev_units ? kernel.dev_league : blocks * ranges, forced, "stencil_3d",'''),
])
print('run X patched', root)
