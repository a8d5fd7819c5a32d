#!/usr/bin/env bash
# Session 22 run 3: the row pitch alone. probe_s22_pitch (make_tree22.py pitch) runs the default
# block on an (nz, ny, nx) subview of an allocation whose rows hold PROBE_PITCH elements: 808^3
# with pitches 808 to 1024 elements, and 512 x 1024 x 1024 (2 GiB) with pitches 1024 to 1088;
# the extents, blocks and league stay the same, only the addresses move. Two rounds of processes.
# Device command: bash perf/results/h200/2026-12-02-b959c1a-explore/scripts/run3.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run3; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for p in 808 816 832 864 896 1024; do
    echo "== probe_s22_pitch round $round pitch $p"; PROBE_PITCH=$p $B/probe_s22_pitch 808x808x808 0
  done
  for p in 1024 1040 1056 1088; do
    echo "== probe_s22_pitch round $round pitch $p"; PROBE_PITCH=$p $B/probe_s22_pitch 512x1024x1024 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
