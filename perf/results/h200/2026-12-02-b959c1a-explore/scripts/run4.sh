#!/usr/bin/env bash
# Session 22 run 4: does the block shape change what a 4 KiB row pitch costs? probe_s22_main_pitch_wide
# (make_tree22.py main+pitch+wide; PROBE_PITCH unset, so the pitch is nx) times blocks 0-6, 9
# and 11 on 512 x 1024 x 1024 (pitch 4 KiB) and on 808^3 in one process, two processes.
# Device command: bash perf/results/h200/2026-12-02-b959c1a-explore/scripts/run4.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run4; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  echo "== probe_s22_main_pitch_wide round $round"
  $B/probe_s22_main_pitch_wide 512x1024x1024,808x808x808 0 1 2 3 4 5 6 9 11
done
date -u; } 2>&1 | tee $R/summary.txt
