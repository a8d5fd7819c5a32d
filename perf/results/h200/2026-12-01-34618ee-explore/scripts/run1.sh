#!/usr/bin/env bash
# Session 20 run 1: sweep_probe (one binary per library variant, build_trees.sh) in alternating
# processes, three rounds, 640^3 and 808^3 floats, 60 samples of 8 queued calls.
# Device command: bash perf/results/h200/2026-12-01-34618ee-explore/scripts/run1.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
S=640x640x640,808x808x808
{ nvidia-smi -L; nvidia-smi --query-gpu=power.limit,clocks.max.sm,clocks.max.mem --format=csv; date -u
for round in 1 2 3; do
  echo "== probe_main round $round"; $B/probe_main $S 0 1 2 3 4 5 6
  for v in hoist lastplain tps4 tps6; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
