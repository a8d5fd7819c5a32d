#!/usr/bin/env bash
# Session 16 run II: does a sweep with evict_last boxes keep later L2-resident work out of L2?
# Probes from scripts/clean_probe.py (unpatched; evict_last 1.0) with PROBE_L2SUM, alternating:
# a 32 MiB sum made resident and timed (us per sum, groups of 4 queued), then timed right after
# one 3D sweep (640^3, 808^3).
set -u
D=$PWD/build/dev
R=$OUT/ii; mkdir -p $R
{ nvidia-smi -L; date -u
for i in 1 2; do
  for p in clean evict_last_1_0; do
    echo "probe $p"; PROBE_L2SUM=1 PROBE_REPS=15 $D/perf/probe3_$p 640x640x640,808x808x808 base 2>&1 | grep "fraction\|^l2sum"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
