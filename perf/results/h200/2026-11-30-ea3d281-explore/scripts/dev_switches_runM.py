#!/usr/bin/env python3
"""Session 15 run M (tree ea3d281): dev_switches_runK.py's patches, plus ETAGE_DEV_NOSTORE for the
2D stencil's runs (the stencil without its stores; the value is stored only when NaN, never),
and a 2D path in the probe: a shape 1 x ny x nx runs etage::stencil_2d (BulkTensor, its default
16x120 block at 4 stages) on the ny x nx grid.
"""
from devpatch import patch, setup

root = setup('dev_switches_runK.py')


patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''  std::int64_t ny, nx, blocks_x, num_blocks, league;
  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
''', '''  std::int64_t ny, nx, blocks_x, num_blocks, league;
  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  int dev_nostore = 0;
'''),
('''      o.store_global(&out(y0 + y, x0 + x));
    }''', '''      if (!dev_nostore) o.store_global(&out(y0 + y, x0 + x));
      else if (o.v[0] != o.v[0]) out(0, 0) = o.v[0];
    }'''),
('''          src, out, w.template with_guard<Guard>(), b, ny, nx, blocks_x, blocks, league, vector_stores(out, 1)};
''', '''          src, out, w.template with_guard<Guard>(), b, ny, nx, blocks_x, blocks, league, vector_stores(out, 1)};
      kernel.dev_nostore = std::getenv("ETAGE_DEV_NOSTORE") != nullptr;
'''),
])
p = root / 'perf/stencil3d_probe.cpp'
s = p.read_text()
old = '        if (block == 0) st = time_ms([&] { run_stencil<void>(in, out); }, reps);'
assert s.count(old) == 1
s = s.replace(old, '''        using Plane = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
        if (sh[0] == 1) {
          Plane i2(in.data(), sh[1], sh[2]), o2(out.data(), sh[1], sh[2]);
          st = time_ms([&] { etage::stencil_2d<etage::engine::BulkTensor>(Kokkos::Cuda{}, i2, o2, etage::Stencil2D<T>::jacobi()); }, reps);
          block = -1;
        }
''' + old)
p.write_text(s)
print('run M patched', root)
