#!/usr/bin/env bash
# Session 15 run N (ea3d281 + scripts/dev_switches_runN.py): the 3D ring as a copy with its
# writes in place (ETAGE_DEV_COPY=1), in contiguous 8 KiB chunks in (plane, block) order (2) or
# in (block, plane) order (3), against the stencil and a copy of the same bytes, at 640^3.
set -u
D=$PWD/build/dev
R=$OUT/n; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640 base copy1:0:ETAGE_DEV_COPY=1 copy2:0:ETAGE_DEV_COPY=2 copy3:0:ETAGE_DEV_COPY=3 ns:0:ETAGE_DEV_NOSTORE=1
PROBE_REPS=15 $P 640x640x640 base copy1:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_RANGES=30 copy2:0:ETAGE_DEV_COPY=2\;ETAGE_DEV_RANGES=30 copy1-r8:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_RANGES=8 copy2-r8:0:ETAGE_DEV_COPY=2\;ETAGE_DEV_RANGES=8
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
