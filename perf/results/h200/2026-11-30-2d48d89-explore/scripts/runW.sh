#!/usr/bin/env bash
# Session 16 run W (ea3d281 + scripts/dev_switches_runW.py): stencil_3d's finished planes written
# by bulk copies from team scratch (ETAGE_DEV_BS=1) against the library's register stores, the
# same barriers without the bulk copies (2), the ring as a copy, the reads alone, and bulk stores
# with evict_last boxes; round 1 checks each variant's output against the default's.
set -u
D=$PWD/build/dev
R=$OUT/w; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_CHECK=1 PROBE_REPS=15 $P 640x640x640,808x808x808 base bs1:0:ETAGE_DEV_BS=1 bs2:0:ETAGE_DEV_BS=2 \
  copy:0:ETAGE_DEV_COPY=1 nostore:0:ETAGE_DEV_NOSTORE=1 bs1ld2:0:ETAGE_DEV_BS=1\;ETAGE_DEV_LD=2 ld2:0:ETAGE_DEV_LD=2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
