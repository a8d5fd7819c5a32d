"""Helpers of the session-14 dev_switches_run*.py scripts (exploration only): the patch
function, the switches every run's tree had (ETAGE_DEV_PROMO in the bulk tensor maps;
ETAGE_DEV_PF3 and ETAGE_DEV_RANGES in the 3D stencil) and the short benchmark row list of
runs C and E."""
import pathlib
import sys

root = pathlib.Path(sys.argv[1])


def patch(rel, pairs):
    """Replaces each `old` of `pairs` (it must occur exactly once) by its `new` in root/rel."""
    p = root / rel
    s = p.read_text()
    for old, new in pairs:
        assert s.count(old) == 1, (rel, old[:60])
        s = s.replace(old, new)
    p.write_text(s)


# ETAGE_DEV_PROMO=0|64|128|256: the tensor-map L2 promotion of every BulkTensor source.
PROMO = [(
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
('#include <string>\n', '#include <string>\n#include <cstdlib>\n')]


def promo():
    patch('backends/cuda/include/etage/cuda/bulk_tensor.hpp', PROMO)


# ETAGE_DEV_PF3=k (3D L2 prefetch k planes ahead) and ETAGE_DEV_RANGES=r (z ranges per block).
STENCIL_3D = [
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
]

INCLUDE_CSTDLIB = ('#include <string>\n', '#include <string>\n#include <cstdlib>\n')


def short_rows(rows):
    """Replaces the GPU benchmark's row list by the default rows of BulkTensor and CpAsync and
    `rows` (a short list builds faster)."""
    p = root / 'perf/bench_memory.cpp'
    b = p.read_text()
    i = b.index('  std::vector<Config> const configs{config<Synchronous, 1>()')
    j = b.index('#else', i)
    b = b[:i] + """  std::vector<Config> const configs{config<CpAsync, 3>(), config<CpAsync, 4>(), config<BulkTensor, 2>(),
                                    config<BulkTensor, 3>(), config<BulkTensor, 4>(),
""" + rows + b[j:]
    p.write_text(b)
