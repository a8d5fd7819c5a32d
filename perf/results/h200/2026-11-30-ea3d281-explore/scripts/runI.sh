#!/usr/bin/env bash
# Session 15 run I (ea3d281 + scripts/dev_switches_runI.py): stencil3d_probe, the 3D stencil
# (BulkTensor, default 16x128/3 block unless a block is named) against a copy of the same bytes,
# alternating in one process: team timelines of the default (where the time goes: head, tail,
# per-range durations), tapered z ranges, other range counts, and grid shapes whose rows are
# long (1024 floats) or one block wide (128 floats), and blocks of 8x256 / 4x512 floats.
set -u
D=$PWD/build/dev
R=$OUT/i; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_TL=$R/tl PROBE_REPS=5 $P 640x640x640,808x808x808 base taper:0:ETAGE_DEV_TAPER=0.25
python3 $D/timeline.py $R/tl-*.csv
PROBE_REPS=15 $P 640x640x640,808x808x808 base taper.5:0:ETAGE_DEV_TAPER=0.5 taper.25:0:ETAGE_DEV_TAPER=0.25 \
  taper.1:0:ETAGE_DEV_TAPER=0.1 r24t.25:0:ETAGE_DEV_RANGES=24\;ETAGE_DEV_TAPER=0.25 r8:0:ETAGE_DEV_RANGES=8 \
  r32:0:ETAGE_DEV_RANGES=32 w8x256:1 w4x512:2
PROBE_REPS=15 $P 256x1024x1024,1024x2048x128,16x2048x8192,128x1024x2048 base w8x256:1 w4x512:2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
