#!/usr/bin/env python3
"""Session 15 run K (tree ea3d281): dev_switches_runJ.py's patches, plus probe blocks with teams
of 128 consumer threads (more teams per SM at the same registers per thread, so more bytes in
flight per SM): 5 = StencilTile<8, 128, 128, 4, 4>, 6 = <8, 128, 128, 4, 6>,
7 = <16, 128, 128, 3, 3>, 8 = <8, 128, 128, 3, 6>, 9 = <8, 128, 128, 4, 3>.
"""
from devpatch import add_probe_blocks, setup

root = setup('dev_switches_runJ.py')
add_probe_blocks(root, {5: '8, 128, 128, 4, 4', 6: '8, 128, 128, 4, 6', 7: '16, 128, 128, 3, 3', 8: '8, 128, 128, 3, 6',
                        9: '8, 128, 128, 4, 3'})
print('run K patched', root)
