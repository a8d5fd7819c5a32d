#!/usr/bin/env bash
# Compile-only check (no GPU needed), field case C17: 4- and 8-byte asynchronous copies are
# cp.async.ca (.cg exists only for 16 bytes). Deletes the object of tests/cuda/cp_async_sizes.cpp
# and the PTX nvcc keeps for it (-keep), rebuilds it with BUILD_CMD, then reads the fresh PTX of
# the transpose's CpAsync kernels (float and double). In each kernel entry it requires a
# cp.async.cg of 16 bytes (the vector path) and a cp.async.ca of the element size (4 for float,
# 8 for double: the element path), and in the whole file no cp.async.cg of another size; it also
# requires both kernels, so a renamed kernel cannot pass by absence.
# Usage: tests/cuda/cp_async_sizes_check.sh KEEP_DIR OBJECT BUILD_CMD... Exit status: failures.
set -uo pipefail
: "${3:?usage: cp_async_sizes_check.sh KEEP_DIR OBJECT BUILD_CMD...}"
. "$(dirname "${BASH_SOURCE[0]}")/kept_ptx.sh"
rebuild_kept_ptx cp_async_sizes "$@"
python3 - "$ptx" <<'PY'
import re
import sys

text = open(sys.argv[1]).read()
failures = 0
addr = r'\[[^\]]+\]'


def copies(body, level):
    """Sizes of the cp.async.<level>.shared.global copies in body (with or without src-size)."""
    return [int(m) for m in re.findall(r'cp\.async\.' + level + r'\.shared\.global\s+' + addr + r',\s*' + addr +
                                       r',\s*(\d+)\s*[,;]', body)]


seen = {}
for body in re.split(r'(?m)^(?=(?:\.(?:visible|weak)\s+)?\.entry\b)', text):
    head = body[:800]
    if not body.lstrip().startswith(('.visible', '.weak', '.entry')) or 'TransposeKernel' not in head \
            or 'CpAsync' not in head:
        continue
    # The value type is the first template argument of the kernel's TileSource (TileSourceIf / Id).
    kind = 'float' if re.search(r'TileSourceIf', head) else 'double' if re.search(r'TileSourceId', head) else None
    if kind is None:
        print('FAIL  a CpAsync transpose kernel of an unexpected value type:', head[:200].split('(')[0])
        failures += 1
        continue
    size = 4 if kind == 'float' else 8
    cg, ca = copies(body, 'cg'), copies(body, 'ca')
    ok = 16 in cg and size in ca
    print(('PASS' if ok else 'FAIL') + f'  {kind} CpAsync transpose: cp.async.cg sizes {sorted(set(cg))}, '
          f'cp.async.ca sizes {sorted(set(ca))} (need cg 16 and ca {size})')
    failures += not ok
    seen[kind] = True
bad = [s for s in copies(text, 'cg') if s != 16]
print(('FAIL' if bad else 'PASS') + f'  no cp.async.cg of another size than 16 in the file (found: {sorted(set(bad))})')
failures += bool(bad)
for kind in ('float', 'double'):
    if kind not in seen:
        print(f'FAIL  no {kind} CpAsync transpose kernel in the PTX')
        failures += 1
print(f'cp_async_sizes_check: {failures} failure(s)')
sys.exit(1 if failures else 0)
PY
