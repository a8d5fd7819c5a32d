#!/usr/bin/env bash
# Session 15 run O (ea3d281 + scripts/dev_switches_runO.py): the 3D ring as a copy with its writes
# in place (ETAGE_DEV_COPY=1), in contiguous chunks (2), and in 8 sequential streams in time
# order (4: atomic slots), at 640^3, alternating with a copy of the same bytes.
set -u
D=$PWD/build/dev
R=$OUT/o; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_REPS=15 $P 640x640x640 base copy1:0:ETAGE_DEV_COPY=1 copy2:0:ETAGE_DEV_COPY=2 copy4:0:ETAGE_DEV_COPY=4 ns:0:ETAGE_DEV_NOSTORE=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
