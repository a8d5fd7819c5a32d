#!/usr/bin/env bash
# Session 15 run T (ea3d281 + scripts/dev_switches_runT.py): the 16-byte global stores as
# st.global.wb (the library's), .cs, or with an L2 evict_first / evict_last cache-hint policy
# (ETAGE_DEV_ST = 0..3), for the 3D default as the stencil and as a copy, alternating with a copy
# of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/t; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base st1:0:ETAGE_DEV_ST=1 st2:0:ETAGE_DEV_ST=2 st3:0:ETAGE_DEV_ST=3 \
  copy:0:ETAGE_DEV_COPY=1 copy-st1:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_ST=1 copy-st2:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_ST=2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
