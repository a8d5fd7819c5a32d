#!/usr/bin/env bash
# Session 15 run M (ea3d281 + scripts/dev_switches_runM.py): reads alone (ETAGE_DEV_NOSTORE) of
# the 2D stencil (16384^2, default 16x120/4) and of the 3D stencil on grids of other shapes,
# against the full kernels, alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/m; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 1x16384x16384,640x640x640,1024x2048x128,16x2048x8192,256x1024x1024 base ns:0:ETAGE_DEV_NOSTORE=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
