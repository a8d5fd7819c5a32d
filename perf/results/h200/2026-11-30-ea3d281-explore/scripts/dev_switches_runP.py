#!/usr/bin/env python3
"""Session 15 run P (tree ea3d281): dev_switches_runO.py's patches, plus probe blocks with the 2D
stencil's resources in 3D: 10 = StencilTile<16, 120, 256, 3, 4> (the 2D default: room for 3
teams per SM, 4 stages; 72 registers, so the 3D kernel spills) and 11 = <16, 128, 256, 3, 3>.
"""
from devpatch import add_probe_blocks, setup

root = setup('dev_switches_runO.py')
add_probe_blocks(root, {10: '16, 120, 256, 3, 4', 11: '16, 128, 256, 3, 3'})
print('run P patched', root)
