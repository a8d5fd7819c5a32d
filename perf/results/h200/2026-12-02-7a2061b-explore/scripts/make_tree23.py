#!/usr/bin/env python3
"""Session 23: session 22's make_tree22.py (its variants) plus:
- ymarch: stencil_3d can march the grid's middle dimension (y) instead of its outer one (z).
  A global `etage::stencil_3d_march_y` (host side, read at each call) switches it: the kernel
  then sees the grid as (Y, Z, X) (its planes are the physical y rows, its box rows physical z,
  each box (BO + 2) z-rows x (BI + 2H) elements at one y), reading through a 2D view of Z rows
  x (Y * X) columns (row stride the z stride; needs unpadded rows), origin (z0 - 1,
  y * X + x0 - H), and writing through out permuted the same way; the z and y weights swap.
  Box columns left of 0 or right of X then hold the neighbouring y row's elements, which only
  edge blocks could read, and their bodies substitute the boundary value (as for the y halo
  rows of the z-march). The probe gets block 12: the default block marching y (one sweep
  of an unpadded LayoutRight grid; anything else marches z as before).
- deep4: etage's level-0 scratch check allows 46,832 bytes instead of Kokkos'
  scratch_size_max(0) (40,936: 48 KiB less the team reduction space of a 1024-thread team;
  Kokkos 5.0.2's launch itself checks 48 KiB less 8 x (team size + 2) bytes, 46,832 for the
  288-thread teams of the default 3D block), and the probe gets block 14: the default block
  at 4 stages (4 x 10,368 bytes of boxes and the barriers: 41,528 bytes).
- early: scripts/early-release.diff (run 1's patch: tile_loop's compute step may return work
  that runs after consumer_release; the 3D runs kernel returns its z terms and stores).
Usage: make_tree23.py DIR VARIANTS (joined with '+').
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
old = here.parent.parent / '2026-12-02-b959c1a-explore/scripts/make_tree22.py'
root = pathlib.Path(sys.argv[1])
mine = {'ymarch', 'deep4', 'early'}
variants = sys.argv[2].split('+')
inherited = [v for v in variants if v not in mine] or ['base']
subprocess.run([sys.executable, str(old), str(root), '+'.join(inherited)], check=True)
S = 'algorithms/include/etage/algorithms/stencil.hpp'


def patch(rel, a, b):
    p = root / rel
    s = p.read_text()
    assert s.count(a) == 1, (rel, a[:80])
    p.write_text(s.replace(a, b))


for v in variants:
    if v == 'early':
        subprocess.run(['patch', '-d', str(root), '-p1', '-i', str(here / 'early-release.diff')], check=True)
    if v == 'deep4':
        patch('core/include/etage/scratch.hpp',
              '  return static_cast<std::size_t>(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));',
              '  return static_cast<std::size_t>(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0)) + 5896;')
        patch('perf/sweep_probe.cpp', '    default: return false;',
              '    case 14: run_stencil<StencilTile<16, 128, 256, 2, 4, 0, L2Eviction::Last>>(in, out); return true;\n'
              '    default: return false;')
    if v != 'ymarch':
        continue
    patch(S, '''inline constexpr int stencil_3d_teams_per_slot = 3;''',
          '''inline constexpr int stencil_3d_teams_per_slot = 3;
/// Session 23 probe switch: march y instead of z.
inline bool stencil_3d_march_y = false;''')
    patch(S, '''  // The league order's stripe width in blocks (stencil_3d_work; 0: one stripe).
  std::int64_t stripe_blocks = 0;''', '''  // The league order's stripe width in blocks (stencil_3d_work; 0: one stripe).
  std::int64_t stripe_blocks = 0;
  bool march_y = false;''')
    patch(S, '''            src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, 0,''',
          '''            src, [=, my = march_y, nxx = nx](int t) { return my ? TileOrigin{{row_base, (first + t) * nxx + col}} : TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, 0,''')
    patch(S, '''        kernel.stripe_blocks = resident;''', '''        kernel.stripe_blocks = resident;
        kernel.march_y = march_y;''')
    patch(S, '''std::string stencil_3d_run(ExecSpace const& space, CanonicalIn<T, Mem> const& in2d, CanonicalOut3<T, Mem> const& out,
                           StarWeights<T> const& w, T b, bool forced) {''',
          '''std::string stencil_3d_run(ExecSpace const& space, CanonicalIn<T, Mem> const& in2d, CanonicalOut3<T, Mem> const& out,
                           StarWeights<T> const& w, T b, bool forced, bool march_y = false) {''')
    patch(S, '''      return impl::stencil_3d_run<ExecSpace, E, Stages, Block, T, Mem>(space, src, dst, wt, b,
                                                                             !std::is_same_v<Engine, engine::Auto>);''',
          '''      if (stencil_3d_march_y && sweeps == 1 && !swap && si[2] == 1 && si[1] == cx && cz > 1 && cy > 1) {
        // Kernel (Z', Y', X) = physical (y, z, x): planes are y rows; source Z rows x (Y * X).
        impl::CanonicalIn<T, Mem> ysrc(in.data(), Kokkos::LayoutStride(cz, si[0], cy * cx, 1));
        impl::CanonicalOut3<T, Mem> ydst(out.data(), Kokkos::LayoutStride(cy, so[1], cz, so[0], cx, so[2]));
        impl::StarWeights<T> yw{wt.c, wt.ym, wt.yp, wt.zm, wt.zp, wt.xm, wt.xp};
        return impl::stencil_3d_run<ExecSpace, E, Stages, Block, T, Mem>(space, ysrc, ydst, yw, b,
                                                                         !std::is_same_v<Engine, engine::Auto>, true);
      }
      return impl::stencil_3d_run<ExecSpace, E, Stages, Block, T, Mem>(space, src, dst, wt, b,
                                                                             !std::is_same_v<Engine, engine::Auto>);''')
    P = 'perf/sweep_probe.cpp'
    patch(P, '''    default: return false;''', '''    case 12: etage::stencil_3d_march_y = true; run_stencil<void>(in, out); etage::stencil_3d_march_y = false; return true;
    default: return false;''')
