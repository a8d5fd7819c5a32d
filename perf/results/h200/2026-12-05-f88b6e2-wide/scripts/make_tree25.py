#!/usr/bin/env python3
"""Session 25: session 24's make_tree24.py (its variants: base, ...) plus:
- wide: a BulkTensor box whose rows hold more than 256 four-byte elements (the tensor map's
  limit per dimension, CUDA Driver API cuTensorMapEncodeTiled) is encoded with 8-byte elements
  (CU_TENSOR_MAP_DATA_TYPE_UINT64): the inner extent, box extent and box coordinate are halved,
  the bytes copied are the same. Needs an even inner extent and even inner box origins (the
  stencil's origins are x0 - H with x0 a multiple of BI and H = 8 floats: even). Boxes of 256
  elements or fewer are encoded as before, so block 0 (the library's default) is unchanged in
  this binary. The probe gets:
    block 15: 8 rows x 256 floats (1 KiB per row and plane written by one team), 256 threads,
              2 teams per SM, 3 stages, evict_last boxes: box 10 x 272 floats, 10,880 bytes;
    block 16: 16 rows x 256 floats at 2 stages (box 18 x 272, 19,584 bytes), otherwise as 15;
    block 18: block 15 without the evict_last hint on its boxes.
Usage: make_tree25.py DIR VARIANTS (joined with '+').
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
old = here.parent.parent / '2026-12-04-f88b6e2-explore/scripts/make_tree24.py'
root = pathlib.Path(sys.argv[1])
mine = {'wide'}
variants = sys.argv[2].split('+')
inherited = [v for v in variants if v not in mine] or ['base']
subprocess.run([sys.executable, str(old), str(root), '+'.join(inherited)], check=True)
B = 'backends/cuda/include/etage/cuda/bulk_tensor.hpp'


def patch(rel, a, b):
    p = root / rel
    s = p.read_text()
    assert s.count(a) == 1, (rel, a[:80])
    p.write_text(s.replace(a, b))


if 'wide' in variants:
    patch(B, '''  ETAGE_FORCEINLINE_FUNCTION static BoxCoordinates box_coordinates(std::int64_t c0, std::int64_t c1) {
    return {std::int32_t(Source::inner == 1 ? c1 : c0), std::int32_t(Source::inner == 1 ? c0 : c1)};''',
          '''  static constexpr bool wide = Source::box_inner > 256 && sizeof(T) == 4;
  ETAGE_FORCEINLINE_FUNCTION static BoxCoordinates box_coordinates(std::int64_t c0, std::int64_t c1) {
    std::int64_t const inner = Source::inner == 1 ? c1 : c0;
    return {std::int32_t(wide ? inner / 2 : inner), std::int32_t(Source::inner == 1 ? c0 : c1)};''')
    patch(B, '''  if (Source::box_inner > 256 || Source::box_outer > 256)''',
          '''  constexpr bool wide = Source::box_inner > 256 && sizeof(T) == 4;
  if (wide && s.extent_inner() % 2 != 0) return "wide box over an odd inner extent";
  if ((wide ? Source::box_inner / 2 : Source::box_inner) > 256 || Source::box_outer > 256)''')
    patch(B, '''  cuuint64_t dims[2] = {cuuint64_t(s.extent_inner()), cuuint64_t(s.extent_outer())};''',
          '''  cuuint64_t dims[2] = {cuuint64_t(wide ? s.extent_inner() / 2 : s.extent_inner()), cuuint64_t(s.extent_outer())};''')
    patch(B, '''  cuuint32_t box[2] = {cuuint32_t(Source::box_inner), cuuint32_t(Source::box_outer)};''',
          '''  cuuint32_t box[2] = {cuuint32_t(wide ? Source::box_inner / 2 : Source::box_inner), cuuint32_t(Source::box_outer)};''')
    patch(B, '''  CUtensorMapDataType const dtype = sizeof(T) == 4 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32 : CU_TENSOR_MAP_DATA_TYPE_FLOAT64;''',
          '''  CUtensorMapDataType const dtype = wide ? CU_TENSOR_MAP_DATA_TYPE_UINT64
                                    : sizeof(T) == 4 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32 : CU_TENSOR_MAP_DATA_TYPE_FLOAT64;''')
    patch('perf/sweep_probe.cpp', '    default: return false;',
          '    case 15: run_stencil<StencilTile<8, 256, 256, 2, 3, 0, L2Eviction::Last>>(in, out); return true;\n'
          '    case 16: run_stencil<StencilTile<16, 256, 256, 2, 2, 0, L2Eviction::Last>>(in, out); return true;\n'
          '    case 18: run_stencil<StencilTile<8, 256, 256, 2, 3>>(in, out); return true;\n'
          '    default: return false;')
