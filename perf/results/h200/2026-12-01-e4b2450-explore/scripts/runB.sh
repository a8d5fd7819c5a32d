#!/usr/bin/env bash
# Session 18 run B: which grid property makes ~2 GiB 3D grids read below 640^3. The clean probe
# (shape_probe.py on e4b2450) on grids that change total size and plane shape apart:
#   640^3 and 404x808x808 (1 GiB: 640^2 and 808^2 planes), 808^3 and 1280x640x640 (2 GiB, the
#   same two plane shapes), 640x1280x640 and 640x640x1280 (2 GiB, ny or nx doubled),
#   320x640x640 (0.5 GiB).
# Variants: default (block 0) and the evict_last option (block 3, reset after it). Two processes,
# the shapes in opposite orders; 8 queued calls per sample, median of 15. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runB.sh build/dev6/stencil3d_probe
set -u
BIN=$1
R=$OUT/b; mkdir -p $R
S1=640x640x640,404x808x808,1280x640x640,808x808x808,640x1280x640,640x640x1280,320x640x640
S2=320x640x640,640x640x1280,640x1280x640,808x808x808,1280x640x640,404x808x808,640x640x640
{ nvidia-smi -L; date -u
PROBE_QUEUE=8 $BIN $S1 default:0 last:3
PROBE_QUEUE=8 $BIN $S2 default:0 last:3
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
