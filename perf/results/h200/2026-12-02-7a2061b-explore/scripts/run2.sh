#!/usr/bin/env bash
# Session 23 run 2: the default block marching y (make_tree23.py ymarch, block 12) against the
# same block marching z (block 0, the library's kernel) in one process, three processes at
# 640^3 and 808^3, one at 1280x640x640 and 404x808x808; block 12's output is compared with
# block 0's (maxdiff). Then Nsight Compute on one sweep of each at 808^3.
# Device command: bash perf/results/h200/2026-12-02-7a2061b-explore/scripts/run2.sh build/s23pack/pack.tar.xz
# RUN, BIN, BLOCK (default run2, probe_s23_ymarch, 12): the run's folder, binary and block (run3.sh).
set -u
RUN=${RUN:-run2} BIN=${BIN:-probe_s23_ymarch} BLOCK=${BLOCK:-12}
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/$RUN; mkdir -p $R
. "$(dirname "$0")/ncu23.sh"
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  echo "== $BIN round $round"; $B/$BIN 640x640x640,808x808x808 0 $BLOCK
done
echo "== $BIN other grids"; $B/$BIN 1280x640x640,404x808x808 0 $BLOCK
for block in 0 $BLOCK; do ncu_sweep $BIN $block; done
date -u; } 2>&1 | tee $R/summary.txt
