#!/usr/bin/env bash
# Compile-only check (no GPU needed): the stencils' default BulkTensor kernels read their stages
# with ld.shared. Deletes the object of tests/cuda/stage_reads.cpp and the PTX that nvcc keeps for
# it (-keep), rebuilds it with BUILD_CMD, then reads the fresh PTX. In every kernel entry (.entry)
# of Stencil2DKernel or Stencil3DKernel it requires at least one ld.shared of a floating-point
# value and no generic load (ld with no state space, any type, predicated or not): these kernels'
# threads read global memory only through the ring, so a generic load there is a stage read that
# lost the shared state space. It also requires the entries it expects (2D and 3D, float and
# double, and the 3D kernels without the point path, which lost it before), so a renamed kernel
# cannot pass by absence. Out-of-line functions (.func: the 2D and 3D point paths, which only
# grids whose nx is not a multiple of the vector width or outputs without 16-byte stores take)
# are not checked; they still hold generic loads (perf/NOTES.md, memory attempt 27).
# Usage: tests/cuda/stage_reads_check.sh KEEP_DIR OBJECT BUILD_CMD... Exit status: failures.
set -uo pipefail
dir=${1:?usage: stage_reads_check.sh KEEP_DIR OBJECT BUILD_CMD...}
obj=${2:?usage: stage_reads_check.sh KEEP_DIR OBJECT BUILD_CMD...}
shift 2
ptx=$dir/stage_reads.ptx
rm -f "$obj" "$ptx"
if ! "$@" >"$dir/build.log" 2>&1; then
  echo "FAIL  building the stage-read kernels failed:"; sed 's/^/      /' "$dir/build.log"; exit 1
fi
if [[ ! -f $ptx ]]; then
  echo "FAIL  the build kept no PTX at $ptx"; exit 1
fi
python3 - "$ptx" <<'PY'
import re
import sys

text = open(sys.argv[1]).read()
failures = checked = 0
seen = set()
for body in re.split(r'(?m)^(?=(?:\.(?:visible|weak)\s+)?\.(?:entry|func)\b)', text):
    head = body[:600]
    if not re.match(r'(?:\.(?:visible|weak)\s+)?\.entry\b', body) or not re.search(r'Stencil[23]DKernel', head):
        continue
    kind = re.search(r'Stencil([23])DKernel', head).group(1) + 'D'
    value = 'double' if re.search(r'TileSourceIdLi', head) else 'float'
    both = re.search(r'Lb([01])ELb([01])EE', head)
    one = re.search(r'Lb([01])EE', head)
    if both:
        label = f"Stencil{kind}Kernel ({value}, guard {both.group(1)}, point path {both.group(2)})"
        seen.add((kind, value, 'point path ' + both.group(2)))
    else:
        label = f"Stencil{kind}Kernel ({value}, guard {one.group(1) if one else '?'})"
    seen.add((kind, value))
    shared = len(re.findall(r'^\s*(?:@!?%p\d+\s+)?ld\.shared(?:::cta)?(?:\.v[248])?\.f(?:32|64)\b', body, re.M))
    generic = [m.group(0).strip() for m in re.finditer(
        r'^\s*(?:@!?%p\d+\s+)?ld(?:\.(?:weak|volatile|relaxed\.\w+|acquire\.\w+|L1::\S+|L2::\S+))*(?:\.v[248])?\.[bfsu](?:8|16|32|64)\b.*$',
        body, re.M)]
    checked += 1
    if shared == 0 or generic:
        failures += 1
        print(f"FAIL  {label}: {shared} ld.shared, {len(generic)} generic loads (first: {generic[0] if generic else '-'})")
    else:
        print(f"PASS  {label}: {shared} ld.shared, no generic load")
for want in [('2D', 'float'), ('2D', 'double'), ('3D', 'float', 'point path 0'), ('3D', 'double', 'point path 0')]:
    if want not in seen:
        failures += 1
        print(f"FAIL  no entry for {' '.join(want)} in the PTX")
print(f"stage_reads_check: {checked} kernel(s), {failures} failure(s)")
sys.exit(1 if failures else 0)
PY
