#!/usr/bin/env python3
"""Session 22: session 20's make_tree.py (its variants: base, ...) plus:
- wide: the probe gets blocks 9 (StencilTile<8, 224, 224, 2, 3, 0, Last>: 8 rows of 896 bytes,
  a 128-byte multiple, 7 consumer warps, 2 runs each; box 10 x 240 floats), 10 (16 rows x 224,
  4 runs per thread; box 18 x 240) and 11 (the default 16 x 128 block with room for 3 teams per
  SM at 2 stages).
- suspend:N: every BulkTensor wait (impl::mbarrier_wait: the consumers' full-barrier waits and the
  producer's empty-barrier waits) passes suspendTimeHint N (nanoseconds) to mbarrier.try_wait, so
  that a waiting thread may stay suspended up to N ns (until the phase completes) instead of the
  system-dependent default before its loop issues the next try_wait.
- pitch: the probe allocates each grid with rows of PROBE_PITCH elements (env; unset or 0: nx)
  and runs on the (nz, ny, nx) subview (LayoutStride), so that the row pitch varies while the
  grid's extents, blocks and league stay the same. The copy moves the grid's bytes; outputs are
  compared over the whole allocations (padding -1 in both).
Usage: make_tree22.py DIR VARIANTS (joined with '+'); the tree must hold the commit's files
(build_trees.sh with MAKE_TREE=this script).
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
old = here.parent.parent / '2026-12-01-34618ee-explore/scripts/make_tree.py'
root = pathlib.Path(sys.argv[1])
mine = {'wide', 'pitch'}
mine_prefix = ('suspend:',)
variants = sys.argv[2].split('+')
inherited = [v for v in variants if v not in mine and not v.startswith(mine_prefix)] or ['base']
subprocess.run([sys.executable, str(old), str(root), '+'.join(inherited)], check=True)
for v in variants:
    if v == 'wide':
        P = root / 'perf/sweep_probe.cpp'
        s = P.read_text()
        a = '''    default: return false;'''
        b = '''    case 9: run_stencil<StencilTile<8, 224, 224, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
    case 10: run_stencil<StencilTile<16, 224, 224, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
    case 11: run_stencil<StencilTile<16, 128, 256, 3, 2, 0, L2Eviction::Last>>(in, out); return true;
    default: return false;'''
        assert s.count(a) == 1
        P.write_text(s.replace(a, b))
    if v.startswith('suspend:'):
        n = int(v[8:])
        P = root / 'backends/cuda/include/etage/cuda/watchdog.hpp'
        s = P.read_text()
        a = 'while (!ptx::mbarrier_try_wait_parity(bar, site.phase)) {'
        assert s.count(a) == 2
        P.write_text(s.replace(a, 'while (!ptx::mbarrier_try_wait_parity(bar, site.phase, %du)) {' % n))
    if v == 'pitch':
        P = root / 'perf/sweep_probe.cpp'
        s = P.read_text()
        reps = [
            ('using Grid = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::CudaSpace>;',
             'using Full = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::CudaSpace>;\n'
             'using Grid = Kokkos::View<T***, Kokkos::LayoutStride, Kokkos::CudaSpace>;'),
            ('    Grid in("in", sh[0], sh[1], sh[2]), out("out", sh[0], sh[1], sh[2]), ref("ref", sh[0], sh[1], sh[2]);',
             '    long const px = env_int("PROBE_PITCH", 0) > 0 ? env_int("PROBE_PITCH", 0) : sh[2];\n'
             '    Full fin("in", sh[0], sh[1], px), fout("out", sh[0], sh[1], px), fref("ref", sh[0], sh[1], px);\n'
             '    Kokkos::deep_copy(fout, T(-1)); Kokkos::deep_copy(fref, T(-1));\n'
             '    auto const cols = Kokkos::pair<long, long>(0, sh[2]);\n'
             '    Grid in = Kokkos::subview(fin, Kokkos::ALL, Kokkos::ALL, cols), out = Kokkos::subview(fout, Kokkos::ALL, Kokkos::ALL, cols),\n'
             '         ref = Kokkos::subview(fref, Kokkos::ALL, Kokkos::ALL, cols);\n'
             '    std::printf("pitch %ld elements\\n", px);'),
            ('"fill", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(in.size())),\n        KOKKOS_LAMBDA(long i) { in.data()[i] = T(i % 1013) * T(0.001); });',
             '"fill", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(fin.size())),\n        KOKKOS_LAMBDA(long i) { fin.data()[i] = T(i % 1013) * T(0.001); });'),
            ('Flat fi(in.data(), in.size()), fo(out.data(), out.size()), fr(ref.data(), ref.size());',
             'Flat fi(fin.data(), in.size()), fo(fout.data(), out.size()), fr(fref.data(), ref.size());\n'
             '    Flat go(fout.data(), fout.size()), gr(fref.data(), fref.size());'),
            ('        Kokkos::deep_copy(out, T(-1));', '        Kokkos::deep_copy(fout, T(-1));'),
            ('"diff", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(fo.size())),\n            KOKKOS_LAMBDA(long i, T& m) { m = Kokkos::max(m, Kokkos::abs(fo(i) - fr(i))); }',
             '"diff", Kokkos::RangePolicy<Kokkos::Cuda>(0, long(go.size())),\n            KOKKOS_LAMBDA(long i, T& m) { m = Kokkos::max(m, Kokkos::abs(go(i) - gr(i))); }'),
        ]
        for a, b in reps:
            assert s.count(a) == 1, a[:60]
            s = s.replace(a, b)
        P.write_text(s)
print('tree22', root, sys.argv[2])
