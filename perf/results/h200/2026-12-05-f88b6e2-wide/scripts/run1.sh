#!/usr/bin/env bash
# Session 25 run 1: blocks 15, 16 and 18 (make_tree25.py wide: rows of 256 floats through 8-byte
# tensor-map elements) against block 0 (the library's default, unchanged in this binary) in the
# same processes: three rounds at 640^3 and 808^3 (60 samples of 8 queued calls each, every block
# checked against block 0, block 0 against a plain MDRangePolicy sweep), then Nsight Compute on
# one sweep of blocks 0 and 15 at 808^3. Output in $OUT/run1.
# Device command: bash perf/results/h200/2026-12-05-f88b6e2-wide/scripts/run1.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
. "$(dirname "$0")/../../2026-12-02-7a2061b-explore/scripts/ncu23.sh"
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  echo "== round $round"; $B/probe_s25_wide 640x640x640,808x808x808 0 15 16 18
done
echo "== round 4"; $B/probe_s25_wide 1280x640x640,404x808x808 0 15
for blk in 0 15; do ncu_sweep probe_s25_wide $blk; done
date -u; } 2>&1 | tee $R/summary.txt
