#!/usr/bin/env bash
# Session 15 run U (ea3d281 + scripts/dev_switches_runU.py): the stencil boxes' bulk tensor copies
# with an L2 cache-hint policy (ETAGE_DEV_LD: 1 evict_first, 2 evict_last, 3 evict_unchanged),
# alone and with the stores' evict_last policy (ETAGE_DEV_ST=3), for the 3D default, its copy
# ring and the 2D default, alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/u; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base ld1:0:ETAGE_DEV_LD=1 ld2:0:ETAGE_DEV_LD=2 ld3:0:ETAGE_DEV_LD=3 \
  ld1st3:0:ETAGE_DEV_LD=1\;ETAGE_DEV_ST=3 copy:0:ETAGE_DEV_COPY=1 copy-ld1:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_LD=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
