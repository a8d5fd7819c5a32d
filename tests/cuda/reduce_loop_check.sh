#!/usr/bin/env bash
# Compile-only check (no GPU needed) of field case C09 for the reductions: the loops that read a
# stage have no branch per element. Deletes the object of tests/cuda/reduce_loop.cpp and the PTX
# that nvcc keeps for it (-keep), rebuilds it with BUILD_CMD, then reads the fresh PTX. In each
# kernel entry (.entry) of ReduceKernel it finds every loop (a branch back to an earlier label)
# that reads floating-point values from shared memory (ld.shared .f32/.f64, any vector width)
# and holds no barrier, warp shuffle or atomic. A loop whose every such read addresses Kokkos'
# own team-reduction array (sh_result of cuda_inter_warp_reduction, directly or through
# registers derived from its address) is Kokkos' join over a reduction's partials; the others
# are the consumers' loops over a stage, and each kernel must have at least one. Every loop
# found must be one basic block: its own head label and one branch, the back edge (nvcc emits
# loops tested at the bottom; a loop tested at the top would show an exit branch too, and this
# check would need to learn that shape). A test of the element index inside the loop (a bound
# checked per element instead of the tile's valid count once per tile) compiles to a branch
# that fails this, unless nvcc turns it into a predicate, which costs no divergence. Not
# covered: straight-line code outside loops (RegisterDoubleBuffer's loop, unrolled 4 times for
# its compile-time 256 threads, has a remainder of up to 3 elements before it, each behind a
# branch), what ptxas makes of the PTX, and configurations other than each engine's default
# stage count and thread count. It also requires the 24 kernels it expects (sum, dot and
# max_value; float and double; Synchronous, RegisterDoubleBuffer, CpAsync and BulkTensor), so a
# renamed kernel cannot pass by absence.
# Usage: tests/cuda/reduce_loop_check.sh KEEP_DIR OBJECT BUILD_CMD... Exit status: failures.
set -uo pipefail
: "${3:?usage: reduce_loop_check.sh KEEP_DIR OBJECT BUILD_CMD...}"
. "$(dirname "${BASH_SOURCE[0]}")/kept_ptx.sh"
rebuild_kept_ptx reduce_loop "$@"
python3 - "$ptx" <<'PY'
import re
import sys

text = open(sys.argv[1]).read()
ops = {'0': 'sum', '1': 'dot', '2': 'max_value'}
failures = checked = 0
seen = set()
for body in re.split(r'(?m)^(?=(?:\.(?:visible|weak)\s+)?\.(?:entry|func)\b)', text):
    head = body[:800]
    if not re.match(r'(?:\.(?:visible|weak)\s+)?\.entry\b', body) or 'ReduceKernel' not in head:
        continue
    # Mangled: ReduceKernel<engine::NAME, Stages, Threads, ReduceOp OP, TileSource<T, ...>, ...>
    m = re.search(r'12ReduceKernelINS\d+_6engine\d+(\w+?)ELi(\d+)ELi(\d+)ELNS\d+_8ReduceOpE(\d)ENS\d+_10TileSourceI([fd])', head)
    if not m:
        failures += 1
        print(f"FAIL  a ReduceKernel entry this check cannot name: {head[:160]}")
        continue
    engine, stages, threads, op, t = m.groups()
    label = f"{ops[op]}<{engine}, {stages} stages> ({'float' if t == 'f' else 'double'})"
    seen.add((engine, ops[op], t))
    lines = body.split('\n')
    # Registers that hold an address in Kokkos' sh_result arrays: set from the symbol, or
    # derived from such a register (mov, add, sub, cvt), to a fixed point.
    kokkos = set()
    grew = True
    while grew:
        grew = False
        for line in lines:
            d = re.match(r'^\s+(?:mov|add|sub|cvt|cvta)\.[\w.]+\s+(%\w+),\s*(.*);', line)
            if d and d.group(1) not in kokkos and (
                    'sh_result' in d.group(2) or any(r in kokkos for r in re.findall(r'%\w+', d.group(2)))):
                kokkos.add(d.group(1))
                grew = True
    heads = {}
    for i, line in enumerate(lines):
        h = re.match(r'^(\$L__\w+):', line)
        if h:
            heads[h.group(1)] = i
    loops = []
    for i, line in enumerate(lines):
        b = re.search(r'\bbra(?:\.uni)?\s+(\$L__\w+);', line)
        if not b or heads.get(b.group(1), i) >= i:
            continue
        block = lines[heads[b.group(1)]:i + 1]
        addresses = [r.group(1) for r in (re.search(r'\bld\.shared(?:::cta)?(?:\.v[248])?\.f(?:32|64)\s+[^,]+,\s*\[([^\]+]+)', s)
                                            for s in block) if r]
        reads = len(addresses)
        sync = any(re.search(r'\b(?:bar|barrier|mbarrier|shfl|atom|red)\.', s) for s in block)
        if reads == 0 or sync:
            continue
        branches = sum(bool(re.search(r'\bbra(?:\.uni)?\b', s)) for s in block)
        labels = sum(bool(re.match(r'^\$L__\w+:', s)) for s in block)
        instructions = sum(bool(re.match(r'^\s+[@a-z]', s)) for s in block)
        own = 'Kokkos' if all('sh_result' in a or a in kokkos for a in addresses) else 'stage'
        loops.append((b.group(1), branches, labels, reads, instructions, own))
    checked += 1
    bad = [lp for lp in loops if lp[1] != 1 or lp[2] != 1]
    stage = [lp for lp in loops if lp[5] == 'stage']
    if not stage:
        failures += 1
        print(f"FAIL  {label}: no loop over a stage found ({len(loops)} of Kokkos' loops)")
    if bad:
        failures += 1
        for name, branches, labels, reads, n, own in bad:
            print(f"FAIL  {label}: {own} loop {name} has {branches} branches and {labels} labels inside ({reads} shared reads, {n} instructions)")
    if stage and not bad:
        sizes = ', '.join(f"{own} {n} instructions / {r} reads" for _, _, _, r, n, own in loops)
        print(f"PASS  {label}: {len(stage)} loop(s) over a stage, {len(loops) - len(stage)} of Kokkos', each one basic block ({sizes})")
for engine in ('Synchronous', 'RegisterDoubleBuffer', 'CpAsync', 'BulkTensor'):
    for op in ops.values():
        for t in 'fd':
            if (engine, op, t) not in seen:
                failures += 1
                print(f"FAIL  no ReduceKernel for {op}<{engine}> ({'float' if t == 'f' else 'double'}) in the PTX")
print(f"reduce_loop_check: {checked} kernel(s), {failures} failure(s)")
sys.exit(1 if failures else 0)
PY
