#!/usr/bin/env python3
"""Session 20: adds sweep_probe.cpp (and its CMake target) to an unpatched copy of the tree
(argv[1], e.g. `git archive 34618ee | tar -x -C DIR`) and applies one library change (argv[2]):
- main: none (the library as committed);
- hoist: the 3D runs compute each run's output column offset once per team (session 19's
  19bb6f7 change), only for engines whose stages are not register-staged (RegisterDoubleBuffer
  spilled with it);
- lastplain: the teams that demote (the last wave) load their last stencil_3d_l2_demote_planes
  planes without the evict_last hint instead of demoting those planes' lines after the loop;
- tps:N: stencil_3d_teams_per_slot = N instead of 3 (more or fewer z ranges).
"""
import pathlib
import shutil
import sys

root = pathlib.Path(sys.argv[1])
variant = sys.argv[2]
here = pathlib.Path(__file__).resolve().parent


def patch(rel, old, new):
    p = root / rel
    s = p.read_text()
    assert s.count(old) == 1, (rel, old[:70])
    p.write_text(s.replace(old, new))


shutil.copy(here / 'sweep_probe.cpp', root / 'perf/sweep_probe.cpp')
p = root / 'perf/CMakeLists.txt'
p.write_text(p.read_text() + '\nadd_executable(sweep_probe sweep_probe.cpp)\n'
             'target_link_libraries(sweep_probe PRIVATE etage::etage)\n'
             + ('target_compile_definitions(sweep_probe PRIVATE SWEEP_ALL_BLOCKS)\n' if variant == 'main' else ''))
S = 'algorithms/include/etage/algorithms/stencil.hpp'
if variant == 'main':
    pass
elif variant == 'hoist':
    patch(S, '''    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
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
    stream_planes(''')
    patch(S, '''                o.store_global(&out(p - 1, y0 + y, x0 + x));''',
          '''                if constexpr (Engine::register_staged) o.store_global(&out(p - 1, y0 + y, x0 + x));
                else o.store_global(out.data() + (p - 1) * plane_stride + column[j]);''')
elif variant == 'lastplain':
    T = 'core/include/etage/tile_loop.hpp'
    patch(T, '''  template <class Member, class Pipe, class State>
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
    } else''')
    patch(T, '''          (ops.issue(m, pipe, st, t), ...);
          pipe.producer_commit(m, st);''', '''          (ops.issue(m, pipe, st, t, num_tiles), ...);
          pipe.producer_commit(m, st);''')
    patch(T, '''    if constexpr (Op::l2_eviction == L2Eviction::Last && Engine::l2_eviction_hints) {
      int const n = op.l2_demote_tiles < num_tiles ? op.l2_demote_tiles : num_tiles;
      if (n <= 0) return;''', '''    if constexpr (false) {
      int const n = op.l2_demote_tiles < num_tiles ? op.l2_demote_tiles : num_tiles;
      if (n <= 0) return;''')
elif variant.startswith('tps:'):
    patch(S, 'inline constexpr int stencil_3d_teams_per_slot = 3;',
          f'inline constexpr int stencil_3d_teams_per_slot = {int(variant[4:])};')
else:
    sys.exit(f'unknown variant {variant}')
print('tree', root, variant)
