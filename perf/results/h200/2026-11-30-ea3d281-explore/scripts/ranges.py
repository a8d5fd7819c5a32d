#!/usr/bin/env python3
"""Min-max of every probe line over the runs of this folder, grouped by grid shape, probe block
and switches: the fraction of copy (%) and the kernel time (ms), with the runs (and GPUs) that
measured it. Lines of the timeline processes (5 repetitions, marked in each runX.sh by PROBE_TL)
are left out unless --all is given. Then, per run, shape and round, the same-process
differences: the ring as a copy minus the stencil, and what the stores add to the time.
Usage: ranges.py [--all] [--dir EXPLORE-FOLDER] [FILTER-REGEX]
(--dir: another exploration folder with run-*/summary.txt files of the same probe, e.g. session 16's.)"""
import glob, pathlib, re, sys

here = pathlib.Path(__file__).resolve().parent.parent
argv = sys.argv[1:]
if '--dir' in argv:
    i = argv.index('--dir')
    here = pathlib.Path(argv[i + 1]).resolve()
    del argv[i:i + 2]
args = [a for a in argv if a != '--all']
keep_tl = '--all' in argv
flt = re.compile(args[0]) if args else None
line_re = re.compile(r'(\S+) round \d (\S+)\s+block (\S+) stencil (\S+) ms copy (\S+) ms fraction (\S+) % \[(.*)\]')
groups = {}
for f in sorted(glob.glob(str(here / 'run-*/summary.txt'))):
    run = pathlib.Path(f).parent.name[4:]
    text = open(f).read().splitlines()
    gpu = next((re.search(r'GPU-[0-9a-f]+', l).group(0) for l in text if 'GPU-' in l), '?')
    # A process's lines are consecutive; a timeline process is the block of lines that the
    # first 'tl-' (timeline analysis) line after it follows.
    tl_lines, block, last = set(), [], []
    for i, l in enumerate(text):
        if line_re.match(l):
            block.append(i)
            continue
        if block:
            last, block = block, []
        if l.startswith('tl-') and last:
            tl_lines.update(last)
            last = []
    for i, l in enumerate(text):
        m = line_re.match(l)
        if not m or (i in tl_lines and not keep_tl):
            continue
        shape, name, block, st, cp, fr, env = m.groups()
        key = (shape, block, env)
        if flt and not flt.search(f'{shape} {block} {env} {name}'):
            continue
        g = groups.setdefault(key, {'fr': [], 'ms': [], 'runs': set(), 'names': set()})
        g['fr'].append(float(fr)); g['ms'].append(float(st)); g['runs'].add(f'{run}'); g['names'].add(name)
for (shape, block, env), g in sorted(groups.items()):
    print(f"{shape:14} block {block:>3} [{env}] ({'/'.join(sorted(g['names']))}): "
          f"{min(g['fr']):.1f}-{max(g['fr']):.1f} %, {min(g['ms']):.4f}-{max(g['ms']):.4f} ms, "
          f"n={len(g['fr'])}, runs {','.join(sorted(g['runs']))}")

# Same-process differences, per round: the ring as a copy minus the stencil (points of copy),
# and what the stores add to the kernel time (stencil minus reads alone, ms), for the default
# block (probe block 0; -1: the 2D stencil) with no other switch, and with a drain every 8.
print()
for f in sorted(glob.glob(str(here / 'run-*/summary.txt'))):
    run = pathlib.Path(f).parent.name[4:]
    d = {}
    for l in open(f):
        m = line_re.match(l)
        if m:
            shape, name, block, st, cp, fr, env = m.groups()
            rnd = re.search(r' round (\d) ', l).group(1)
            d.setdefault((shape, rnd), {})[(block, env)] = (float(fr), float(st))
    for (shape, rnd), v in d.items():
        out = []
        for b in ('0', '-1'):
            if (b, '') in v and (b, 'ETAGE_DEV_COPY=1') in v:
                out.append(f"copy - stencil {v[(b, 'ETAGE_DEV_COPY=1')][0] - v[(b, '')][0]:+.1f} points")
            if (b, '') in v and (b, 'ETAGE_DEV_NOSTORE=1') in v:
                out.append(f"stores add {v[(b, '')][1] - v[(b, 'ETAGE_DEV_NOSTORE=1')][1]:.3f} ms")
            dr = (b, 'ETAGE_DEV_DRAIN=8'), (b, 'ETAGE_DEV_NOSTORE=1;ETAGE_DEV_DRAIN=8')
            if dr[0] in v and dr[1] in v:
                out.append(f"with a drain every 8 planes the stores add {v[dr[0]][1] - v[dr[1]][1]:.3f} ms")
        if out and (not flt or flt.search(shape)):
            print(f"run {run} {shape} round {rnd}: " + '; '.join(out))
