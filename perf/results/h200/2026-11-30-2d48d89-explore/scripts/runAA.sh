#!/usr/bin/env bash
# Session 16 run AA (ea3d281 + scripts/dev_switches_runAA.py): the 3D ring with an L2 prefetch of
# the team's coming planes (ETAGE_DEV_PF=k), for the rule's z ranges and for short teams (40 and
# 80 ranges: 16 / 8 planes at 640^3, 20 / 10 at 808^3) with k covering the whole team, as the 2D
# stencil's short teams do; also the 8 x 128 block with room for 3 teams per SM at 4 stages (probe
# block 12). Round 1 checks the default block's variants against the default.
set -u
D=$PWD/build/dev
R=$OUT/aa; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_CHECK=1 PROBE_REPS=15 $P 640x640x640,808x808x808 base pf4:0:ETAGE_DEV_PF=4 \
  r40:0:ETAGE_DEV_RANGES=40 r40pf24:0:ETAGE_DEV_RANGES=40\;ETAGE_DEV_PF=24 \
  r80:0:ETAGE_DEV_RANGES=80 r80pf12:0:ETAGE_DEV_RANGES=80\;ETAGE_DEV_PF=12 \
  b12:12 b12r40pf24:12:ETAGE_DEV_RANGES=40\;ETAGE_DEV_PF=24 b12r80pf12:12:ETAGE_DEV_RANGES=80\;ETAGE_DEV_PF=12 base2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
