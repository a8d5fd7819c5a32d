#!/usr/bin/env bash
# Session 18 run C: evict_last boxes with the last W teams demoting the lines of their last P
# boxes (demote_probe.py P W on e4b2450), against the default and the plain evict_last option,
# with the L2-resident copy timed after each variant's sweeps and again after a reset.
# 640^3 and 808^3; binaries (P, W) = (24, 528), (48, 528), (24, 1056), twice in turn.
# Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runC.sh build/dev6
set -u
D=$1
R=$OUT/c; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for b in P24_W528 P48_W528 P24_W1056; do
    echo "== probe_demote_$b"
    PROBE_QUEUE=8 $D/probe_demote_$b 640x640x640,808x808x808 default:0 last:3 demote:4
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
