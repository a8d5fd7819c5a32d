#!/usr/bin/env python3
"""Counts SASS instructions per etage kernel in `cuobjdump -sass` output: all instructions, shared-memory
loads (LDS), generic loads (LD), IMAD, global stores by flavour (STG...). Used on the device (there is no
disassembler on the build machine) by runA.sh and runB.sh (the default: the 3D stencil's kernels) and by
the 19bb6f7 snapshot (--all: every etage kernel of the benchmark binary).
Usage: sass_counts.py [--all] FILE..."""
import collections
import re
import sys


def mangled_name(s, i):
    """The length-prefixed identifier at s[i:], or None."""
    m = re.match(r'(\d+)', s[i:])
    if not m:
        return None
    n = int(m.group(1))
    start = i + len(m.group(1))
    return s[start:start + n]


def describe(name):
    """Kernel class, engine and (for the stencils) the Guard / PointPath flags of a mangled kernel name."""
    parts = []
    m = re.search(r'5etage4impl', name)
    if m:
        parts.append(mangled_name(name, m.end()) or '?')
    m = re.search(r'6engine', name)
    if m:
        parts.append(mangled_name(name, m.end()) or '?')
    m = re.search(r'Li(\d+)E', name[m.end():] if m else '')
    if m:
        parts.append(f'stages {m.group(1)}')
    g = re.search(r'Lb([01])ELb([01])EE', name)
    if g:
        parts.append(f'Guard {g.group(1)} PointPath {g.group(2)}')
    return ', '.join(parts)


args = sys.argv[1:]
every = '--all' in args
for path in [a for a in args if a != '--all']:
    text = open(path).read()
    rows = collections.Counter()
    for f in re.split(r'\n(?=\s*Function : )', text):
        m = re.search(r'Function : (\S+)', f)
        if not m or 'cuda_parallel_launch' not in m.group(1) or 'etage' not in m.group(1):
            continue
        if not every and 'Stencil3D' not in m.group(1):
            continue
        ops = re.findall(r'/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)', f)
        count = lambda p: sum(1 for o in ops if re.match(p, o))
        stores = dict(collections.Counter(o for o in ops if o.startswith('STG')))
        print(path.split('/')[-1], describe(m.group(1)), 'instructions', len(ops), 'LDS', count(r'LDS'), 'LD(generic)',
              count(r'LD\.|LD$'), 'IMAD', count(r'IMAD'), 'stores', stores)
