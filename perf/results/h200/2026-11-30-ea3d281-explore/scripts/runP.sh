#!/usr/bin/env bash
# Session 15 run P (ea3d281 + scripts/dev_switches_runP.py): the 3D ring with the 2D stencil's
# resources (16x120, room for 3 teams per SM, 4 stages: block 10) and 16x128 with room for 3
# (block 11), as the stencil, as a copy (ETAGE_DEV_COPY=1) and reads alone (NOSTORE), against
# the default, alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/p; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base copy:0:ETAGE_DEV_COPY=1 b10:10 b10copy:10:ETAGE_DEV_COPY=1 b10ns:10:ETAGE_DEV_NOSTORE=1 b11:11 b11copy:11:ETAGE_DEV_COPY=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
