#!/usr/bin/env python3
"""Session 14 run C (tree: 1563473 plus the side-box kernel, the working tree of run C): patches a copy of the tree (argv[1]) with run-time switches that
exist only under -DETAGE_DEV, and the exploration's extra benchmark rows. Not part of the
library. Switches (environment, read on the host at each launch):
  ETAGE_DEV_PROMO=0|64|128|256   tensor-map L2 promotion of every BulkTensor source
  ETAGE_DEV_PF3=k                3D stencil: L2 prefetch k planes ahead (BulkTensor)
  ETAGE_DEV_RANGES=r             3D stencil: z ranges per block instead of the rule
  ETAGE_DEV_POINTPATH=1          (run A only) 3D stencil: the kernel with the one-point path
                                 even where every block takes runs
  ETAGE_DEV_SIDES=1              (run C; in the tree it patches) 3D stencil: side boxes
"""
import sys, pathlib
root = pathlib.Path(sys.argv[1])

def patch(rel, pairs):
    p = root / rel
    s = p.read_text()
    for old, new in pairs:
        assert s.count(old) == 1, (rel, old[:60])
        s = s.replace(old, new)
    p.write_text(s)

patch('backends/cuda/include/etage/cuda/bulk_tensor.hpp', [(
'''  CUresult const rc = encode(&map, dtype, 2, const_cast<T*>(s.data), dims, strides, box, elem_strides,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);''',
'''  CUtensorMapL2promotion promo = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  if (char const* e = std::getenv("ETAGE_DEV_PROMO")) {
    int const v = std::atoi(e);
    promo = v == 0 ? CU_TENSOR_MAP_L2_PROMOTION_NONE : v == 64 ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B
            : v == 256 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  }
  CUresult const rc = encode(&map, dtype, 2, const_cast<T*>(s.data), dims, strides, box, elem_strides,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             promo, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);'''),
('#include <string>\n', '#include <string>\n#include <cstdlib>\n')])

patch('algorithms/include/etage/algorithms/stencil.hpp', [
('''  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  static constexpr bool runs = G::BI % G::V == 0;

  /// Streams planes''',
'''  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  int dev_pf = 0;
  static constexpr bool runs = G::BI % G::V == 0;

  /// Streams planes'''),
('''        operand(src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }));''',
'''        operand(src, [=](int t) { return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, dev_pf));'''),
('''    std::int64_t const ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));''',
'''    std::int64_t ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));
    if (char const* e = std::getenv("ETAGE_DEV_RANGES")) ranges = std::clamp<std::int64_t>(std::atoi(e), 1, nz);'''),
('''            kernel{src, out, w.template with_guard<Guard>(), b, nz, ny, nx, blocks_x, blocks, ranges, vector_out};''',
'''            kernel{src, out, w.template with_guard<Guard>(), b, nz, ny, nx, blocks_x, blocks, ranges, vector_out};
        if (char const* e = std::getenv("ETAGE_DEV_PF3")) kernel.dev_pf = std::atoi(e);'''),
('#include <string>\n', '#include <string>\n#include <cstdlib>\n')])

# Run C: a short row list (faster to build): the default rows of BulkTensor and CpAsync, the
# former 3D block, and 16x128 at 4 stages (it fits only with side boxes).
p = root / 'perf/bench_memory.cpp'
b = p.read_text()
i = b.index('  std::vector<Config> const configs{config<Synchronous, 1>()')
j = b.index('#else', i)
b = b[:i] + """  std::vector<Config> const configs{config<CpAsync, 3>(), config<CpAsync, 4>(), config<BulkTensor, 2>(),
                                    config<BulkTensor, 3>(), config<BulkTensor, 4>(),
                                    stencil_config<BulkTensor, 4, 16, 128, 256, 2>(),
                                    stencil_config<CpAsync, 4, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 5, 12, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 24, 128, 256, 2>()};
""" + b[j:]
p.write_text(b)
print('patched', root)
