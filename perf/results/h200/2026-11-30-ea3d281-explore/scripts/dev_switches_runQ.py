#!/usr/bin/env python3
"""Session 15 run Q (tree ea3d281): dev_switches_runP.py's patches, plus ETAGE_DEV_BPT=n: the 2D
stencil's GPU league takes at most n blocks per team (stencil_2d_blocks_per_team, 8) - long
teams that stream many x-adjacent tiles, like the 3D kernel's long z ranges.
"""
from devpatch import patch, setup

root = setup('dev_switches_runP.py')
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [(
''': chunked_league(blocks, concurrent_teams(space, team_size), stencil_2d_blocks_per_team).league;''',
''': chunked_league(blocks, concurrent_teams(space, team_size),
                             std::getenv("ETAGE_DEV_BPT") ? std::atoi(std::getenv("ETAGE_DEV_BPT")) : stencil_2d_blocks_per_team).league;''')])
print('run Q patched', root)
