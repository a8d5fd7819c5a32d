#!/usr/bin/env bash
# Session 15 run R (ea3d281 + scripts/dev_switches_runR.py): the 3D default with its ring drained
# and refilled every k planes inside each team (ETAGE_DEV_DRAIN=k: 4, 8, 16), as the stencil, as a
# copy and reads alone, alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/r; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base d4:0:ETAGE_DEV_DRAIN=4 d8:0:ETAGE_DEV_DRAIN=8 d16:0:ETAGE_DEV_DRAIN=16 \
  copy:0:ETAGE_DEV_COPY=1 copy-d8:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_DRAIN=8 ns:0:ETAGE_DEV_NOSTORE=1 ns-d8:0:ETAGE_DEV_NOSTORE=1\;ETAGE_DEV_DRAIN=8
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
