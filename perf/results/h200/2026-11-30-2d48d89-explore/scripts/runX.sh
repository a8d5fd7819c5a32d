#!/usr/bin/env bash
# Session 16 run X (ea3d281 + scripts/dev_switches_runX.py): persistent stencil_3d teams that
# stream units (block, z range of LZ planes) through one ring (ETAGE_DEV_UNITS=1: strided units,
# 2: consecutive), against the default; reads alone (NOSTORE) for both; round 1 checks each
# variant's output against the default's.
set -u
D=$PWD/build/dev
R=$OUT/x; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_CHECK=1 PROBE_REPS=15 $P 640x640x640,808x808x808 base u1:0:ETAGE_DEV_UNITS=1 u1lz8:0:ETAGE_DEV_UNITS=1\;ETAGE_DEV_LZ=8 \
  u1lz32:0:ETAGE_DEV_UNITS=1\;ETAGE_DEV_LZ=32 u2:0:ETAGE_DEV_UNITS=2 u2lz32:0:ETAGE_DEV_UNITS=2\;ETAGE_DEV_LZ=32 \
  nostore:0:ETAGE_DEV_NOSTORE=1 u1nostore:0:ETAGE_DEV_UNITS=1\;ETAGE_DEV_NOSTORE=1 u1ld2:0:ETAGE_DEV_UNITS=1\;ETAGE_DEV_LD=2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
