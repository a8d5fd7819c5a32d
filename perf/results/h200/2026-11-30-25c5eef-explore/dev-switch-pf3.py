#!/usr/bin/env python3
"""Temporary exploration switch (session 10), applied after dev-switch-ranges.py; revert with git checkout.
ETAGE_DEV_PF_3: L2 prefetch distance (planes ahead) of stencil_3d (default 0)."""
p = 'algorithms/include/etage/algorithms/stencil.hpp'
s = open(p).read()
old = "  bool vector_out;  // out takes 16-byte stores along x (vector_stores)\n  static constexpr bool runs"
assert old in s
s = s.replace(old, "  bool vector_out;  // out takes 16-byte stores along x (vector_stores)\n  int dev_pf = 0;\n  static constexpr bool runs")
old = "return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }));"
assert old in s
s = s.replace(old, "return TileOrigin{{(first + t) * rows_per_plane + row_base, col}}; }, dev_pf));")
old = "ranges, vector_stores(out, 2)};\n"
assert old in s
s = s.replace(old, old + "      if (char const* e = std::getenv(\"ETAGE_DEV_PF_3\"); e && *e) kernel.dev_pf = std::atoi(e);\n")
open(p, 'w').write(s)
print("ok")
