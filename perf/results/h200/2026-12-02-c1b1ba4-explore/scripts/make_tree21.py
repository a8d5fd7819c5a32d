#!/usr/bin/env python3
"""Session 21: session 20's make_tree.py (its variants: base, stripe:P, tps:N, ...) plus:
- ymajor: the 3D blocks numbered y-fastest (block b at y block b % blocks_y, x block
  b / blocks_y) instead of x-fastest, so that a block's y neighbours are next to it in the league
  and its x neighbours blocks_y apart;
- rows240: the probe gets blocks 7 (StencilTile<8, 240, 240, 2, 3, 0, Last>: 8 rows of 960 bytes,
  240 consumer threads, 2 runs each) and 8 (the same with 256 threads); their boxes, 10 x 256
  floats with the 32-byte halo, are BulkTensor's widest (256 elements per row).
Usage: make_tree21.py DIR VARIANTS (joined with '+'); the tree must hold the commit's files
(build_trees.sh with MAKE_TREE=this script).
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
old = here.parent.parent / '2026-12-01-34618ee-explore/scripts/make_tree.py'
root = pathlib.Path(sys.argv[1])
mine = {'ymajor', 'rows240'}
variants = sys.argv[2].split('+')
inherited = [v for v in variants if v not in mine] or ['base']
subprocess.run([sys.executable, str(old), str(root), '+'.join(inherited)], check=True)
S = root / 'algorithms/include/etage/algorithms/stencil.hpp'
for v in variants:
    if v == 'ymajor':
        s = S.read_text()
        a = '''    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;'''
        b = '''    std::int64_t const blocks_y = num_blocks / blocks_x;
    std::int64_t const y0 = (block % blocks_y) * G::BO, x0 = (block / blocks_y) * G::BI;'''
        assert s.count(a) == 1
        S.write_text(s.replace(a, b))
    if v == 'rows240':
        P = root / 'perf/sweep_probe.cpp'
        s = P.read_text()
        a = '''    default: return false;'''
        b = '''    case 7: run_stencil<StencilTile<8, 240, 240, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
    case 8: run_stencil<StencilTile<8, 240, 256, 2, 3, 0, L2Eviction::Last>>(in, out); return true;
    default: return false;'''
        assert s.count(a) == 1
        P.write_text(s.replace(a, b))
print('tree21', root, sys.argv[2])
