"""Helpers of the session-15 dev_switches_run*.py scripts (exploration only): each script patches
a copy of the tree given as argv[1], after running the script it builds on."""
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def setup(before=None):
    """The tree to patch (argv[1]), after `before` has patched it: a script in this folder, or
    an absolute path (session 16's scripts chain through it that way)."""
    root = pathlib.Path(sys.argv[1])
    if before:
        subprocess.run([sys.executable, str(HERE / before), str(root)], check=True)
    return root


def patch(root, rel, pairs):
    """Replaces each `old` of `pairs` (it must occur exactly once) by its `new` in root/rel."""
    p = root / rel
    s = p.read_text()
    for old, new in pairs:
        assert s.count(old) == 1, (rel, old[:70])
        s = s.replace(old, new)
    p.write_text(s)


def add_probe_blocks(root, blocks):
    """Adds probe blocks {number: 'StencilTile arguments'} after block 4 in the probe's two
    dispatch lists (timing and timeline)."""
    tile4 = 'StencilTile<16, 128, 256, 2, 4, 16>'
    calls = ['if (block == 4) st = time_ms([&] { run_stencil<etage::' + tile4 + '>(in, out); }, reps);',
             'if (block == 4) run_stencil<etage::' + tile4 + '>(in, out);']
    pairs = []
    for call in calls:
        add = ''.join('\n        ' + call.replace('block == 4', f'block == {k}').replace(tile4, f'StencilTile<{t}>')
                      for k, t in blocks.items())
        pairs.append((call, call + add))
    patch(root, 'perf/stencil3d_probe.cpp', pairs)
