#!/usr/bin/env python3
"""Counts SASS instructions per etage 3D stencil kernel instantiation in `cuobjdump -sass` output
(argv[1..]): all instructions, shared-memory loads (LDS), generic loads (LD), global stores by
flavour (STG...), IMAD. Used by runA.sh and runB.sh on the device (there is no disassembler on the
build machine)."""
import collections
import re
import sys

for path in sys.argv[1:]:
    text = open(path).read()
    for f in re.split(r'\n(?=\s*Function : )', text):
        m = re.search(r'Function : (\S+)', f)
        if not m or 'Stencil3D' not in m.group(1) or 'cuda_parallel_launch' not in m.group(1):
            continue
        g = re.search(r'Lb([01])ELb([01])EE', m.group(1))
        ops = re.findall(r'/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)', f)
        count = lambda p: sum(1 for o in ops if re.match(p, o))
        stores = collections.Counter(o for o in ops if o.startswith('STG'))
        print(path.split('/')[-1], 'Guard', g.group(1), 'PointPath', g.group(2), 'instructions', len(ops), 'LDS',
              count(r'LDS'), 'LD(generic)', count(r'LD\.|LD$'), 'IMAD', count(r'IMAD'), 'stores', dict(stores))
