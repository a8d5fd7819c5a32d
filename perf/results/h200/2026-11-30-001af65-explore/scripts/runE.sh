#!/usr/bin/env bash
# Session 17 run E: z ranges per block with and without evict_last boxes. Clean probes from
# scripts/clean_probe.py (unpatched ea3d281 tree): stencil_3d_teams_per_slot 3 (the library's),
# 6 and 2, at 640^3 and 808^3 and 808x808x768, 8 queued calls per sample, alternating.
# Device command: tar -xzf build/devpack/dev.tgz -C build && bash build/dev/runE.sh
set -u
D=$PWD/build/dev
R=$OUT/e; mkdir -p $R
S=640x640x640,808x808x808,808x808x768
{ nvidia-smi -L; date -u
for round in 1 2; do
  for p in clean evict_last_1_0 tps_6 evict_last_1_0_tps_6 evict_last_1_0_tps_2; do
    echo "probe $p"
    PROBE_QUEUE=8 PROBE_REPS=9 $D/perf/probe3_$p $S base 2>&1 | grep "fraction"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
