#!/usr/bin/env bash
# Compile-only check (no GPU needed): the stencils' default BulkTensor kernels read their stages
# with ld.shared. Deletes the object of tests/cuda/stage_reads.cpp and the PTX that nvcc keeps for
# it (-keep), rebuilds it with BUILD_CMD, then reads the fresh PTX. It checks every kernel entry
# (.entry) of Stencil2DKernel or Stencil3DKernel and their out-of-line point paths (.func: the 2D
# kernel's sweep_points and the 3D kernel's run_points, which grids whose nx is not a multiple
# of the vector width or outputs without 16-byte stores take). In each it requires at least one
# ld.shared of a floating-point value and no generic load (ld with no state space, any type,
# predicated or not): these kernels' threads read global memory only through the ring, and their
# own parameters from the parameter or local state space, so a generic load there is a stage
# read that lost the shared state space, or a member read through a generic pointer to the
# kernel (run_points before it took the kernel by value). It also requires the functions it
# expects (2D and 3D, float and double; 3D kernels with and without the point path; both
# sweep_points, edge and interior; run_points), so a renamed kernel cannot pass by absence.
# Usage: tests/cuda/stage_reads_check.sh KEEP_DIR OBJECT BUILD_CMD... Exit status: failures.
set -uo pipefail
: "${3:?usage: stage_reads_check.sh KEEP_DIR OBJECT BUILD_CMD...}"
. "$(dirname "${BASH_SOURCE[0]}")/kept_ptx.sh"
rebuild_kept_ptx stage_reads "$@"
python3 - "$ptx" <<'PY'
import re
import sys

text = open(sys.argv[1]).read()
failures = checked = 0
seen = set()
for body in re.split(r'(?m)^(?=(?:\.(?:visible|weak)\s+)?\.(?:entry|func)\b)', text):
    head = body[:600]
    kind = re.match(r'(?:\.(?:visible|weak)\s+)?\.(entry|func)\b', body)
    # Declarations (a prototype ends in ';' before any '{') and other kernels are not checked.
    opens = re.search(r'[{;]', body)
    if not kind or not opens or opens.group() == ';' or not re.search(r'Stencil[23]DKernel', head):
        continue
    dim = re.search(r'Stencil([23])DKernel', head).group(1) + 'D'
    value = 'double' if re.search(r'TileSourceIdLi', head) else 'float'
    if kind.group(1) == 'func':
        # Mangled names: ...Lb<guard>EE12sweep_pointsILb<edge>E... (2D) and
        # ...Lb<guard>ELb<point path>EE10run_points... (3D).
        sweep = re.search(r'Lb([01])EE12sweep_pointsILb([01])E', head)
        run = re.search(r'Lb([01])ELb1EE10run_points', head)
        if sweep:
            function = 'sweep_points ' + ('edge' if sweep.group(2) == '1' else 'interior')
            label = f"Stencil{dim}Kernel::{function} ({value}, guard {sweep.group(1)})"
        elif run:
            function = 'run_points'
            label = f"Stencil{dim}Kernel::run_points ({value}, guard {run.group(1)})"
        else:
            failures += 1
            print(f"FAIL  an out-of-line function of Stencil{dim}Kernel this check does not know: {head[:160]}")
            continue
        seen.add((dim, value, function))
    else:
        both = re.search(r'Lb([01])ELb([01])EE', head)
        one = re.search(r'Lb([01])EE', head)
        if both:
            label = f"Stencil{dim}Kernel ({value}, guard {both.group(1)}, point path {both.group(2)})"
            seen.add((dim, value, 'point path ' + both.group(2)))
        else:
            label = f"Stencil{dim}Kernel ({value}, guard {one.group(1) if one else '?'})"
        seen.add((dim, value))
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
expected = [(dim, value) + rest for value in ('float', 'double') for dim, rest in
            [('2D', ()), ('2D', ('sweep_points interior',)), ('2D', ('sweep_points edge',)),
             ('3D', ('point path 0',)), ('3D', ('point path 1',)), ('3D', ('run_points',))]]
for want in expected:
    if want not in seen:
        failures += 1
        print(f"FAIL  no function for {' '.join(want)} in the PTX")
print(f"stage_reads_check: {checked} function(s), {failures} failure(s)")
sys.exit(1 if failures else 0)
PY
