#!/usr/bin/env python3
"""Session 15 run Q (tree ea3d281): dev_switches_runP.py's patches, plus ETAGE_DEV_BPT=n: the 2D
stencil's GPU league takes at most n blocks per team (stencil_2d_blocks_per_team, 8) - long
teams that stream many x-adjacent tiles, like the 3D kernel's long z ranges.
"""
import sys, pathlib, subprocess
root = pathlib.Path(sys.argv[1])
here = pathlib.Path(__file__).resolve().parent
subprocess.run([sys.executable, str(here / 'dev_switches_runP.py'), str(root)], check=True)
p = root / 'algorithms/include/etage/algorithms/stencil.hpp'
s = p.read_text()
old = ''': chunked_league(blocks, concurrent_teams(space, team_size), stencil_2d_blocks_per_team).league;'''
assert s.count(old) == 1
s = s.replace(old, ''': chunked_league(blocks, concurrent_teams(space, team_size),
                             std::getenv("ETAGE_DEV_BPT") ? std::atoi(std::getenv("ETAGE_DEV_BPT")) : stencil_2d_blocks_per_team).league;''')
p.write_text(s)
print('run Q patched', root)
