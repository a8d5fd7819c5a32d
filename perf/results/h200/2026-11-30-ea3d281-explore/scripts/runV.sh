#!/usr/bin/env bash
# Session 15 run V (ea3d281 + scripts/dev_switches_runV.py): the stencil boxes' L2 cache hints,
# every box evict_last (ETAGE_DEV_LD=2) against only each team's first two boxes evict_last (4),
# and that plus its last two evict_first (5), for the 3D default (also with 30 ranges, and with
# the stores' evict_last policy), alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/v; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base ld2:0:ETAGE_DEV_LD=2 ld4:0:ETAGE_DEV_LD=4 ld5:0:ETAGE_DEV_LD=5 \
  r30:0:ETAGE_DEV_RANGES=30 r30ld4:0:ETAGE_DEV_RANGES=30\;ETAGE_DEV_LD=4 ld4st3:0:ETAGE_DEV_LD=4\;ETAGE_DEV_ST=3
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
