#!/usr/bin/env python3
"""Temporary exploration switch (session 10), applied to a clean checkout; revert with git checkout.
ETAGE_DEV_RANGES: z ranges per (y, x) block of stencil_3d (overrides the rule when > 0)."""
p = 'algorithms/include/etage/algorithms/stencil.hpp'
s = open(p).read()
old = "    std::int64_t const ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));\n"
assert old in s
new = old.replace("std::int64_t const ranges", "std::int64_t ranges") + \
    "    if (char const* e = std::getenv(\"ETAGE_DEV_RANGES\"); e && std::atoi(e) > 0) ranges = std::min<std::int64_t>(std::atoi(e), nz);\n"
s = s.replace(old, new).replace("#include <algorithm>\n", "#include <algorithm>\n#include <cstdlib>\n", 1)
open(p, 'w').write(s)
print("ok")
