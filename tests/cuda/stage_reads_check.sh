#!/usr/bin/env bash
# Compile-only check (no GPU needed): the stencils' default BulkTensor kernels read their stages
# with ld.shared. Reads the PTX that the etage_stage_reads_ptx object library keeps (-keep) from
# tests/cuda/stage_reads.cpp. In every kernel entry (.entry) of Stencil2DKernel or
# Stencil3DKernel it requires at least one ld.shared of a floating-point value and no generic
# floating-point load (ld.f32, ld.v2.f32, ld.v4.f32, ld.f64, ld.v2.f64): these kernels' threads
# read global memory only through the ring, so a generic load there is a stage read that lost
# the shared state space. Out-of-line functions (.func, e.g. the 3D kernel's point path) are not
# checked. Usage: tests/cuda/stage_reads_check.sh KEEP_DIR. Exit status: failures.
set -uo pipefail
dir=${1:?usage: stage_reads_check.sh KEEP_DIR}
shopt -s nullglob
ptx=("$dir"/stage_reads*.ptx)
if ((${#ptx[@]} == 0)); then
  echo "FAIL  no PTX kept in $dir (build the etage_stage_reads_ptx target first)"
  exit 1
fi
python3 - "${ptx[@]}" <<'PY'
import re
import sys

failures = checked = 0
for path in sys.argv[1:]:
    text = open(path).read()
    for body in re.split(r'(?m)^(?=\.visible \.entry|\.entry|\.func|\.weak \.func|\.visible \.func)', text):
        head = body[:600]
        if '.entry' not in body.split('(', 1)[0] or not re.search(r'Stencil[23]DKernel', head):
            continue
        name = re.search(r'\.entry\s+(\S+?)\(', head)
        kind = re.search(r'Stencil[23]DKernel', head).group(0)
        value = 'double' if re.search(r'TileSourceIdLi', head) else 'float'
        guard = re.search(r'Lb([01])ELb([01])EE', head)
        guard1 = re.search(r'Lb([01])EE', head)
        label = (f"{kind} ({value}, guard {guard.group(1)}, point path {guard.group(2)})" if guard else
                 f"{kind} ({value}, guard {guard1.group(1)})" if guard1 else f"{kind} ({value})")
        shared = len(re.findall(r'\bld\.shared(\.v[24])?\.f(32|64)\b', body))
        generic = [m.group(0).strip() for m in re.finditer(r'^\s*ld\.(v[24]\.)?f(32|64)\b.*$', body, re.M)]
        checked += 1
        if shared == 0 or generic:
            failures += 1
            first = generic[0] if generic else '-'
            print(f"FAIL  {label}: {shared} ld.shared, {len(generic)} generic loads (first: {first})")
        else:
            print(f"PASS  {label}: {shared} ld.shared, no generic load")
if checked == 0:
    print("FAIL  no Stencil2DKernel / Stencil3DKernel entry in the PTX")
    failures += 1
print(f"stage_reads_check: {checked} kernel(s), {failures} failure(s)")
sys.exit(1 if failures else 0)
PY
