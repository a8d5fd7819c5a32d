#!/usr/bin/env bash
# Session 16 run Y (ea3d281 + scripts/dev_switches_runY.py): the league order of stencil_3d's
# teams, groups of G blocks each numbered range-major (ETAGE_DEV_ORDER=G; 1 = block-major),
# against the library's order; round 1 checks each variant's output against the default's.
set -u
D=$PWD/build/dev
R=$OUT/y; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_CHECK=1 PROBE_REPS=15 $P 640x640x640,808x808x808 base o1:0:ETAGE_DEV_ORDER=1 o5:0:ETAGE_DEV_ORDER=5 \
  o20:0:ETAGE_DEV_ORDER=20 o40:0:ETAGE_DEV_ORDER=40 o100:0:ETAGE_DEV_ORDER=100 base2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
