#!/usr/bin/env python3
"""Session 15 run J (tree ea3d281): dev_switches_runI.py's patches, plus (only in that copy):
  ETAGE_DEV_COPY=1     3D runs kernel: each consumer thread stores the centre vector of its runs
                       (out(p) = in(p)) instead of the stencil: the same ring, boxes and stores
                       with no arithmetic (the pipeline's copy ceiling for this block)
  ETAGE_DEV_NOSTORE=1  3D runs kernel: the stencil without its global stores (the outputs are
                       folded into one value stored once per thread when it is NaN, never)
  a block type StencilTile<16, 128, 256, 2, 4, 32> (DefaultStages 4, HaloBytes 32, the probe's
  block 3) whose box has the 32-byte halo on the left only and 16 bytes on the right
  (140 floats: 4 stages fit), and the probe's block 4 StencilTile<16, 128, 256, 2, 4, 16> (the
  16-byte halo both sides, 4 stages).
"""
from devpatch import patch, setup

root = setup('dev_switches_runI.py')


patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
# asymmetric halo for the marker block
('''  static constexpr int H = (Source::box1 - BI) / 2;''',
'''  static constexpr bool dev_asym = Tile::bo == 16 && Tile::bi * int(sizeof(T)) == 512 && Tile::default_stages == 4 &&
                                   Tile::halo_bytes == 32;
  static constexpr int H = dev_asym ? Source::box1 - BI - V : (Source::box1 - BI) / 2;'''),
('''  static_assert(Source::box0 == BO + 2 && Source::box1 == BI + 2 * H, "etage stencil: box does not match the block");''',
'''  static_assert(Source::box0 == BO + 2 && Source::box1 == (dev_asym ? BI + H + V : BI + 2 * H), "etage stencil: box does not match the block");'''),
('''    auto src = make_tile_source<Tile::bo + 2, Tile::bi + 2 * stencil_halo_columns<ExecSpace, Tile, T>>(in2d);''',
'''    constexpr bool asym = !is_host_space<ExecSpace> && Tile::bo == 16 && Tile::bi * int(sizeof(T)) == 512 &&
                          Tile::default_stages == 4 && Tile::halo_bytes == 32;
    auto src = make_tile_source<Tile::bo + 2, Tile::bi + (asym ? stencil_halo_columns<ExecSpace, Tile, T> + int(16 / sizeof(T))
                                                             : 2 * stencil_halo_columns<ExecSpace, Tile, T>)>(in2d);'''),
# copy-only and no-store switches
('''  unsigned long long* dev_tl = nullptr;
  double dev_q = 1.0;
''', '''  unsigned long long* dev_tl = nullptr;
  double dev_q = 1.0;
  int dev_copy = 0, dev_nostore = 0;
'''),
('''        kernel.dev_q = dev_q;
''', '''        kernel.dev_q = dev_q;
        kernel.dev_copy = std::getenv("ETAGE_DEV_COPY") != nullptr;
        kernel.dev_nostore = std::getenv("ETAGE_DEV_NOSTORE") != nullptr;
'''),
('''    T below[per_thread * V], partial[per_thread * V];
    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
    stream_planes(''',
'''    T below[per_thread * V], partial[per_thread * V];
    for (int k = 0; k < per_thread * V; ++k) below[k] = partial[k] = b;
    T fold = T(0);
    stream_planes('''),
('''              bool const inside = !Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
''', '''              bool const inside = !Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
              if (dev_copy) {
                Vec<T, V> c = tile.template vector<V>(y + 1, x + G::H);
                if (start && inside) c.store_global(&out(p, y0 + y, x0 + x));
                continue;
              }
'''),
('''                o.store_global(&out(p - 1, y0 + y, x0 + x));''',
'''                if (!dev_nostore) o.store_global(&out(p - 1, y0 + y, x0 + x));
                else fold += o.v[0] + o.v[V - 1];'''),
])
# the fold's one store: after the runs kernel's stream, where NaN (never for finite input)
s = (root / 'algorithms/include/etage/algorithms/stencil.hpp').read_text()
old = '''              o.store_global(&out(nz - 1, y0 + y, x0 + x));
            }
          }
        });
  }'''
assert s.count(old) == 1
s = s.replace(old, old[:-4] + '''    if (dev_nostore && fold != fold) out(0, 0, 0) = fold;
  }''')
(root / 'algorithms/include/etage/algorithms/stencil.hpp').write_text(s)

p = root / 'perf/stencil3d_probe.cpp'
s = p.read_text()
for call in ['if (block == 2) st = time_ms([&] { run_stencil<etage::StencilTile<4, 512, 256, 2, 3>>(in, out); }, reps);',
             'if (block == 2) run_stencil<etage::StencilTile<4, 512, 256, 2, 3>>(in, out);']:
    assert s.count(call) == 1, call
    b3 = call.replace('block == 2', 'block == 3').replace('StencilTile<4, 512, 256, 2, 3>', 'StencilTile<16, 128, 256, 2, 4, 32>')
    b4 = call.replace('block == 2', 'block == 4').replace('StencilTile<4, 512, 256, 2, 3>', 'StencilTile<16, 128, 256, 2, 4, 16>')
    s = s.replace(call, call + '\n        ' + b3 + '\n        ' + b4)
s = s.replace('StencilTile<8, 256, 256, 2, 3>', 'StencilTile<8, 240, 256, 2, 3>').replace('StencilTile<4, 512, 256, 2, 3>', 'StencilTile<4, 240, 256, 2, 3>')
p.write_text(s)
print('run J patched', root)
