#!/usr/bin/env bash
# Session 15 run J (ea3d281 + scripts/dev_switches_runJ.py): stencil3d_probe, alternating with a
# copy of the same bytes in one process: the 3D ring as a copy (ETAGE_DEV_COPY: no arithmetic),
# the stencil without its stores (ETAGE_DEV_NOSTORE), 16x128 at 4 stages with the asymmetric
# 32/16-byte halo (block 3) and the 16-byte halo (block 4); other grid shapes; 8x240 and 4x240.
set -u
D=$PWD/build/dev
R=$OUT/j; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base copy:0:ETAGE_DEV_COPY=1 nostore:0:ETAGE_DEV_NOSTORE=1
PROBE_REPS=15 $P 640x640x640,808x808x808 base asym4:3 h16x4:4
PROBE_REPS=15 $P 640x640x640,808x808x808 base w8x240:1 w4x240:2
PROBE_REPS=15 $P 256x1024x1024,1024x2048x128,128x1024x2048,16x2048x8192 base copy:0:ETAGE_DEV_COPY=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
