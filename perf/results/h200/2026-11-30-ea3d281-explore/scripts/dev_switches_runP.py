#!/usr/bin/env python3
"""Session 15 run P (tree ea3d281): dev_switches_runO.py's patches, plus probe blocks with the 2D
stencil's resources in 3D: 10 = StencilTile<16, 120, 256, 3, 4> (the 2D default: room for 3
teams per SM, 4 stages; 72 registers, so the 3D kernel spills) and 11 = <16, 128, 256, 3, 3>.
"""
import sys, pathlib, subprocess
root = pathlib.Path(sys.argv[1])
here = pathlib.Path(__file__).resolve().parent
subprocess.run([sys.executable, str(here / 'dev_switches_runO.py'), str(root)], check=True)
p = root / 'perf/stencil3d_probe.cpp'
s = p.read_text()
extra = {10: '16, 120, 256, 3, 4', 11: '16, 128, 256, 3, 3'}
for call in ['if (block == 4) st = time_ms([&] { run_stencil<etage::StencilTile<16, 128, 256, 2, 4, 16>>(in, out); }, reps);',
             'if (block == 4) run_stencil<etage::StencilTile<16, 128, 256, 2, 4, 16>>(in, out);']:
    assert s.count(call) == 1, call
    add = ''
    for k, t in extra.items():
        add += '\n        ' + call.replace('block == 4', f'block == {k}').replace('StencilTile<16, 128, 256, 2, 4, 16>', f'StencilTile<{t}>')
    s = s.replace(call, call + add)
p.write_text(s)
print('run P patched', root)
