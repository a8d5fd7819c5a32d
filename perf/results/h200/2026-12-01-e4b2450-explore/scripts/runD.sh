#!/usr/bin/env bash
# Session 18 run D: as run C, with the demotion spread over every thread of the team
# (demote_probe.py P W team on e4b2450): (P, W) = (24, 528), (32, 528), (48, 264), (32, 396);
# run C's producer-warp binary (24, 528) for reference. Twice in turn. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runD.sh build/dev6
set -u
D=$1
R=$OUT/d; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for b in team_P24_W528 team_P32_W528 team_P48_W264 team_P32_W396 demote_P24_W528; do
    echo "== probe_$b"
    PROBE_QUEUE=8 $D/probe_$b 640x640x640,808x808x808 default:0 last:3 demote:4
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
