#!/usr/bin/env bash
# Compile-only check (no GPU needed) of field case C09 for the reductions: the loops that read a
# stage have no branch per element. Deletes the object of tests/cuda/reduce_loop.cpp and the PTX
# that nvcc keeps for it (-keep), rebuilds it with BUILD_CMD, then reads the fresh PTX. In each
# kernel entry (.entry) of ReduceKernel it finds every loop (a branch back to an earlier label)
# that reads floating-point values from shared memory (ld.shared .f32/.f64, any vector width)
# and holds no barrier, warp shuffle or atomic: the consumers' loops over a stage, and Kokkos'
# own loops over a team reduction's partials. Each must be one basic block: its own head label
# and one branch, the back edge. A test of the element index inside the loop (a bound checked
# per element instead of the tile's valid count once per tile) compiles to a branch that fails
# this, unless nvcc turns it into a predicate, which costs no divergence. It also requires the
# 24 kernels it expects (sum, dot and max_value; float and double; Synchronous,
# RegisterDoubleBuffer, CpAsync and BulkTensor), each with at least one such loop, so a renamed
# kernel cannot pass by absence.
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
        reads = sum(bool(re.search(r'\bld\.shared(?:::cta)?(?:\.v[248])?\.f(?:32|64)\b', s)) for s in block)
        sync = any(re.search(r'\b(?:bar|barrier|mbarrier|shfl|atom|red)\.', s) for s in block)
        if reads == 0 or sync:
            continue
        branches = sum(bool(re.search(r'\bbra(?:\.uni)?\b', s)) for s in block)
        labels = sum(bool(re.match(r'^\$L__\w+:', s)) for s in block)
        instructions = sum(bool(re.match(r'^\s+[@a-z]', s)) for s in block)
        loops.append((b.group(1), branches, labels, reads, instructions))
    checked += 1
    bad = [lp for lp in loops if lp[1] != 1 or lp[2] != 1]
    if not loops:
        failures += 1
        print(f"FAIL  {label}: no loop over a stage found")
    elif bad:
        failures += 1
        for name, branches, labels, reads, n in bad:
            print(f"FAIL  {label}: loop {name} has {branches} branches and {labels} labels inside ({reads} shared reads, {n} instructions)")
    else:
        sizes = ', '.join(f"{n} instructions / {r} reads" for _, _, _, r, n in loops)
        print(f"PASS  {label}: {len(loops)} shared-read loop(s), each one basic block ({sizes})")
for engine in ('Synchronous', 'RegisterDoubleBuffer', 'CpAsync', 'BulkTensor'):
    for op in ops.values():
        for t in 'fd':
            if (engine, op, t) not in seen:
                failures += 1
                print(f"FAIL  no ReduceKernel for {op}<{engine}> ({'float' if t == 'f' else 'double'}) in the PTX")
print(f"reduce_loop_check: {checked} kernel(s), {failures} failure(s)")
sys.exit(1 if failures else 0)
PY
