#!/usr/bin/env bash
# Session 15 run S (the run R binary): at 640^3 (200 blocks, 264 team slots), z ranges that make
# the league a whole number of waves (33 ranges: 6,600 teams = 25 waves; 66: 50 waves) against
# their neighbours (32, 34, 65, 67) and the rule's 15, as the stencil and as a copy; timelines
# of 32 and 33 ranges.
set -u
D=$PWD/build/dev
R=$OUT/s; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640 base r32:0:ETAGE_DEV_RANGES=32 r33:0:ETAGE_DEV_RANGES=33 r34:0:ETAGE_DEV_RANGES=34 \
  r65:0:ETAGE_DEV_RANGES=65 r66:0:ETAGE_DEV_RANGES=66 r67:0:ETAGE_DEV_RANGES=67 \
  c32:0:ETAGE_DEV_RANGES=32\;ETAGE_DEV_COPY=1 c33:0:ETAGE_DEV_RANGES=33\;ETAGE_DEV_COPY=1
PROBE_TL=$R/tl PROBE_REPS=5 $P 640x640x640 r32:0:ETAGE_DEV_RANGES=32 r33:0:ETAGE_DEV_RANGES=33
python3 $D/timeline.py $R/tl-*r1.csv
rm -f $R/tl-*r2.csv
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
