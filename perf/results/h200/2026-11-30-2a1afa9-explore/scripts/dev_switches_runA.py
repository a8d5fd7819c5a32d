#!/usr/bin/env python3
"""Session 14 run A (tree 1563473): patches a copy of the tree (argv[1]) with run-time switches that
exist only under -DETAGE_DEV, and the exploration's extra benchmark rows. Not part of the
library. Switches (environment, read on the host at each launch):
  ETAGE_DEV_PROMO=0|64|128|256   tensor-map L2 promotion of every BulkTensor source
  ETAGE_DEV_PF3=k                3D stencil: L2 prefetch k planes ahead (BulkTensor)
  ETAGE_DEV_RANGES=r             3D stencil: z ranges per block instead of the rule
  ETAGE_DEV_POINTPATH=1          3D stencil: the kernel with the one-point path even where
                                 every block takes runs (the layout before attempt 22)
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
('''        if (Runs::all_runs(vector_out, nx)) return run(std::false_type{});''',
'''        if (Runs::all_runs(vector_out, nx) && !std::getenv("ETAGE_DEV_POINTPATH")) return run(std::false_type{});'''),
('#include <string>\n', '#include <string>\n#include <cstdlib>\n')])

patch('perf/bench_memory.cpp', [(
'''                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),''',
'''                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),
                                    // session 14 exploration rows
                                    stencil_config<Synchronous, 2, 16, 128, 256, 2>(),
                                    stencil_config<RegisterDoubleBuffer, 2, 16, 128, 256, 2>(),
                                    stencil_config<CpAsync, 2, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 2, 16, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 5, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 4, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 4>(),
                                    stencil_config<CpAsync, 6, 8, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 3, 16, 128, 256, 3>(),''')])
print('patched', root)
