#!/usr/bin/env bash
# Session 15 run K (ea3d281 + scripts/dev_switches_runK.py): stencil3d_probe, teams of 128
# consumer threads (blocks 5-9: 8x128 or 16x128 floats, room for 3-4 teams per SM, 3-6 stages)
# against the default (16x128, 256 threads, 2 per SM, 3 stages), alternating with a copy.
set -u
D=$PWD/build/dev
R=$OUT/k; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640,808x808x808 base t8x4s4:5 t8x4s6:6 t16x3s3:7 t8x3s6:8 t8x4s3:9
PROBE_REPS=15 $P 640x640x640,808x808x808 base copy6:6:ETAGE_DEV_COPY=1 nostore6:6:ETAGE_DEV_NOSTORE=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
