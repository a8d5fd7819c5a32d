#!/usr/bin/env bash
# Session 19 run D: what the point path costs. Run A's binaries (probe_base = d32112a, probe_shared =
# the shared stage reads alone, as landed) on 640x640x640 and on 640x640x638 (nx not a multiple of 4,
# so every block takes the out-of-line point path, which still reads stages with generic loads),
# alternating, 60 samples of 8 queued calls.
# Device command: bash perf/results/h200/2026-12-01-d32112a-explore/scripts/runD.sh build/devpack11/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/d; mkdir -p $R
S=640x640x640,640x640x638
{ nvidia-smi -L; date -u
for round in 1 2; do
  for c in base shared; do
    echo "== probe_$c round $round"
    PROBE_QUEUE=8 PROBE_REPS=60 $B/probe_$c $S default:0
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
