#!/usr/bin/env bash
# Session 15 run Q (ea3d281 + scripts/dev_switches_runQ.py): the 2D stencil (16384^2, default
# 16x120/4) with 8 (default), 43 and 100 blocks per team, with and without stores, alternating
# with a copy of the same bytes; the 3D default and its copy ring beside it.
set -u
D=$PWD/build/dev
R=$OUT/q; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 1x16384x16384 base ns:0:ETAGE_DEV_NOSTORE=1 bpt43:0:ETAGE_DEV_BPT=43 bpt43ns:0:ETAGE_DEV_BPT=43\;ETAGE_DEV_NOSTORE=1 bpt100:0:ETAGE_DEV_BPT=100 bpt100ns:0:ETAGE_DEV_BPT=100\;ETAGE_DEV_NOSTORE=1 bpt2:0:ETAGE_DEV_BPT=2
PROBE_REPS=15 $P 640x640x640 base copy:0:ETAGE_DEV_COPY=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
