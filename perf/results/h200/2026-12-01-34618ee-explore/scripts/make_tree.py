#!/usr/bin/env python3
"""Session 20: adds sweep_probe.cpp (and its CMake target) to an unpatched copy of the tree
(argv[1], e.g. `git archive 34618ee | tar -x -C DIR`) and applies library changes (argv[2],
joined with '+', e.g. hoist+demote:16):
- main: none (the library as committed); base: the same, without blocks 2-6;
- hoist: the 3D runs compute each run's output column offset once per team (session 19's
  19bb6f7 change), only for engines whose stages are not register-staged (RegisterDoubleBuffer
  spilled with it);
- lastplain: the teams that demote (the last wave) load their last stencil_3d_l2_demote_planes
  planes without the evict_last hint instead of demoting those planes' lines after the loop;
- tps:N: stencil_3d_teams_per_slot = N instead of 3 (more or fewer z ranges);
- demote:P: stencil_3d_l2_demote_planes = P instead of 48;
- tailpf:K: the teams of the last wave (those that demote) also ask L2 for the planes K ahead of
  each issued plane (Operand::l2_prefetch_distance K; the others 0, as in the library);
- lagdemote: the teams that demote (Operand::l2_demote_tiles = n > 0) also demote while they
  stream: after issuing tile t >= n, the issuing thread demotes every row of tile t - n; the
  demotion after the loop then covers the last n tiles, as before (so every tile once);
- stripe:P: league order in stripes of min(blocks, P % of the resident teams) blocks (the last
  stripe what is left), range-major inside each stripe, so that block b's next z range starts
  about one team time after its previous one (it reads the two planes they share); with one
  stripe (blocks <= that size) the library's order.
"""
import pathlib
import shutil
import sys

root = pathlib.Path(sys.argv[1])
variants = sys.argv[2]
here = pathlib.Path(__file__).resolve().parent
S = 'algorithms/include/etage/algorithms/stencil.hpp'
TL = 'core/include/etage/tile_loop.hpp'


def patch(rel, old, new):
    p = root / rel
    s = p.read_text()
    assert s.count(old) == 1, (rel, old[:70])
    p.write_text(s.replace(old, new))


HOIST = [(S, '''    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
    stream_planes(''', '''    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
    std::int64_t const plane_stride = std::int64_t(out.stride(0));
    std::int64_t column[Engine::register_staged ? 1 : per_thread];
    if constexpr (!Engine::register_staged) {
#pragma unroll
      for (int j = 0; j < per_thread; ++j) {
        int const e = team.team_rank() - 32 * Engine::producer_warps + j * G::threads;
        column[j] = (y0 + e / per_row) * std::int64_t(out.stride(1)) + (x0 + (e % per_row) * V) * std::int64_t(out.stride(2));
      }
    }
    stream_planes('''), (S, '''                o.store_global(&out(p - 1, y0 + y, x0 + x));''',
                         '''                if constexpr (Engine::register_staged) o.store_global(&out(p - 1, y0 + y, x0 + x));
                else o.store_global(out.data() + (p - 1) * plane_stride + column[j]);''')]

LASTPLAIN = [(TL, '''  template <class Member, class Pipe, class State>
  ETAGE_FORCEINLINE_FUNCTION void issue(Member const& m, Pipe& pipe, State const& st, int t) {
    TileOrigin const c = op.origin(t);
    if constexpr (Op::l2_eviction != L2Eviction::Normal && Engine::l2_eviction_hints)
      loader.template issue<Op::l2_eviction>(m, pipe, st, buffer.slot(st.index()), c[0], c[1]);
    else''', '''  template <class Member, class Pipe, class State>
  ETAGE_FORCEINLINE_FUNCTION void issue(Member const& m, Pipe& pipe, State const& st, int t, int num_tiles = 0) {
    TileOrigin const c = op.origin(t);
    if constexpr (Op::l2_eviction != L2Eviction::Normal && Engine::l2_eviction_hints) {
      if (t >= num_tiles - op.l2_demote_tiles) loader.issue(m, pipe, st, buffer.slot(st.index()), c[0], c[1]);
      else loader.template issue<Op::l2_eviction>(m, pipe, st, buffer.slot(st.index()), c[0], c[1]);
    } else'''), (TL, '''          (ops.issue(m, pipe, st, t), ...);
          pipe.producer_commit(m, st);''', '''          (ops.issue(m, pipe, st, t, num_tiles), ...);
          pipe.producer_commit(m, st);'''), (TL, '''    if constexpr (Op::l2_eviction == L2Eviction::Last && Engine::l2_eviction_hints) {
      int const n = op.l2_demote_tiles < num_tiles ? op.l2_demote_tiles : num_tiles;''', '''    if constexpr (false) {
      int const n = op.l2_demote_tiles < num_tiles ? op.l2_demote_tiles : num_tiles;''')]


LAGDEMOTE = [(TL, '''  ETAGE_FORCEINLINE_FUNCTION Tile tile(int slot) const { return Tile{buffer.slot(slot)}; }''',
              '''  ETAGE_FORCEINLINE_FUNCTION Tile tile(int slot) const { return Tile{buffer.slot(slot)}; }
  ETAGE_FORCEINLINE_FUNCTION void l2_demote_lagged(int t) const {
    if constexpr (Op::l2_eviction == L2Eviction::Last && Engine::l2_eviction_hints) {
      int const n = op.l2_demote_tiles;
      if (n <= 0 || t < n) return;
      TileOrigin const c = op.origin(t - n);
      for (int r = 0; r < Source::box_outer; ++r) loader.l2_demote_row(c[0], c[1], r);
    }
  }'''), (TL, '''          (ops.prefetch_after(t, num_tiles), ...);''', '''          (ops.prefetch_after(t, num_tiles), ...);
          (ops.l2_demote_lagged(t), ...);''')]


def apply(v):
    if v in ('main', 'base'):  # base: as main, without the extra blocks
        return
    if v == 'hoist':
        changes = HOIST
    elif v == 'lastplain':
        changes = LASTPLAIN
    elif v == 'lagdemote':
        changes = LAGDEMOTE
    elif v.startswith('stripe:'):
        changes = [(S, '''    std::int64_t const block = r % num_blocks, range = r / num_blocks;''',
                    '''    std::int64_t const width = std::max<std::int64_t>(1, std::min<std::int64_t>(num_blocks, l2_demote_teams * %d / 100));
    std::int64_t const stripe = r / (width * z_ranges), local = r %% (width * z_ranges);
    std::int64_t const in_stripe = std::min<std::int64_t>(width, num_blocks - stripe * width);
    std::int64_t const block = stripe * width + local %% in_stripe, range = local / in_stripe;''' % int(v[7:]))]
    elif v.startswith('tps:'):
        changes = [(S, 'inline constexpr int stencil_3d_teams_per_slot = 3;',
                    f'inline constexpr int stencil_3d_teams_per_slot = {int(v[4:])};')]
    elif v.startswith('demote:'):
        changes = [(S, 'inline constexpr int stencil_3d_l2_demote_planes = 48;',
                    f'inline constexpr int stencil_3d_l2_demote_planes = {int(v[7:])};')]
    elif v.startswith('tailpf:'):
        changes = [(S, '''            src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, 0,''',
                    '''            src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; },
            team.league_rank() >= team.league_size() - l2_demote_teams ? %d : 0,''' % int(v[7:]))]
    else:
        sys.exit(f'unknown variant {v}')
    for rel, old, new in changes:
        patch(rel, old, new)


shutil.copy(here / 'sweep_probe.cpp', root / 'perf/sweep_probe.cpp')
p = root / 'perf/CMakeLists.txt'
p.write_text(p.read_text() + '\nadd_executable(sweep_probe sweep_probe.cpp)\n'
             'target_link_libraries(sweep_probe PRIVATE etage::etage)\n'
             + ('target_compile_definitions(sweep_probe PRIVATE SWEEP_ALL_BLOCKS)\n' if variants == 'main' else ''))
for v in variants.split('+'):
    apply(v)
print('tree', root, variants)
