#!/usr/bin/env python3
"""Session 15 run K (tree ea3d281): dev_switches_runJ.py's patches, plus probe blocks with teams
of 128 consumer threads (more teams per SM at the same registers per thread, so more bytes in
flight per SM): 5 = StencilTile<8, 128, 128, 4, 4>, 6 = <8, 128, 128, 4, 6>,
7 = <16, 128, 128, 3, 3>, 8 = <8, 128, 128, 3, 6>, 9 = <8, 128, 128, 4, 3>.
"""
import sys, pathlib, subprocess
root = pathlib.Path(sys.argv[1])
here = pathlib.Path(__file__).resolve().parent
subprocess.run([sys.executable, str(here / 'dev_switches_runJ.py'), str(root)], check=True)
p = root / 'perf/stencil3d_probe.cpp'
s = p.read_text()
extra = {5: '8, 128, 128, 4, 4', 6: '8, 128, 128, 4, 6', 7: '16, 128, 128, 3, 3', 8: '8, 128, 128, 3, 6',
         9: '8, 128, 128, 4, 3'}
for call in ['if (block == 4) st = time_ms([&] { run_stencil<etage::StencilTile<16, 128, 256, 2, 4, 16>>(in, out); }, reps);',
             'if (block == 4) run_stencil<etage::StencilTile<16, 128, 256, 2, 4, 16>>(in, out);']:
    assert s.count(call) == 1, call
    add = ''
    for k, t in extra.items():
        add += '\n        ' + call.replace('block == 4', f'block == {k}').replace('StencilTile<16, 128, 256, 2, 4, 16>', f'StencilTile<{t}>')
    s = s.replace(call, call + add)
p.write_text(s)
print('run K patched', root)
