#!/usr/bin/env bash
# Session 16 run HH: does a sweep with evict_last boxes slow L2-resident work that follows it?
# Probes from scripts/clean_probe.py with PROBE_AFTER (unpatched; evict_last 1.0), alternating:
# a 16 MiB device copy timed alone, then ten in turn right after one 3D sweep (640^3, 808^3).
set -u
D=$PWD/build/dev
R=$OUT/hh; mkdir -p $R
{ nvidia-smi -L; date -u
for i in 1 2; do
  for p in clean evict_last_1_0; do
    echo "probe $p"; PROBE_AFTER=1 PROBE_REPS=15 $D/perf/probe2_$p 640x640x640,808x808x808 base 2>&1 | grep "fraction\|^after"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
