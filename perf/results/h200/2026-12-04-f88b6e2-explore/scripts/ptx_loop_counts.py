#!/usr/bin/env python3
"""Session 24: instructions of the default 3D kernel's consumer plane loop in a PTX file.

Finds the runs-only instantiation of the default block (BulkTensor, 3 stages,
StencilTile<16, 128, 256, 2, 3, 0, Last>, floats, Guard 0, PointPath 0: the benchmark's) and,
in it, the shortest backward branch whose body holds both a full-barrier try_wait and a global
store (the loop over planes), and prints its instruction count and the most frequent opcodes
(labels, braces, register declarations and comments left out; inline-asm lines counted).
Usage: ptx_loop_counts.py FILE.ptx...
The PTX comes from nvcc --keep on perf/sweep_probe.cpp of a make_tree24.py tree, with the cuda
preset's flags (-O3 -DNDEBUG -extended-lambda -expt-relaxed-constexpr -arch=sm_90 -std=c++20).
"""
import collections
import re
import sys

ENTRY = ('Li16ELi128ELi256ELi2ELi3ELi0ELNS3_10L2EvictionE2E',
         'Lb0ELb0EEENS_10TeamPolicyIJNS_4CudaENS_12LaunchBoundsILj288ELj2EEEEEESO_EELj288ELj2EEEvT_')


def entries(text):
    starts = [m for m in re.finditer(r'\.entry (\S+)\(', text)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        yield m.group(1), text[m.start():end]


def instructions(lines):
    out = []
    for line in lines:
        s = line.strip()
        if not s or s.startswith(('//', '$L', '.', '}')) or s == '{' or (s.startswith('{') and '.reg' in s):
            continue
        out.append(s)
    return out


for path in sys.argv[1:]:
    for name, body in entries(open(path).read()):
        if 'Stencil3DKernel' not in name or 'BulkTensor' not in name or ENTRY[0] not in name or not name.endswith(ENTRY[1]):
            continue
        lines = body.split('\n')
        labels = {l.strip()[:-1]: i for i, l in enumerate(lines) if l.strip().startswith('$L') and l.strip().endswith(':')}
        loop = None
        for i, l in enumerate(lines):
            m = re.search(r'bra(?:\.uni)?\s+(\$L\w+);', l)
            if m and m.group(1) in labels and labels[m.group(1)] < i:
                seg = lines[labels[m.group(1)]:i + 1]
                if any('st.global' in x for x in seg) and any('try_wait' in x for x in seg):
                    if loop is None or len(seg) < len(loop):
                        loop = seg
        ins = instructions(loop or [])
        ops = collections.Counter(re.sub(r'^@!?%p\d+\s+', '', x).split()[0] for x in ins)
        print(f'{path}: {len(ins)} instructions in the plane loop')
        print('  ' + ', '.join(f'{k} {v}' for k, v in ops.most_common(12)))
