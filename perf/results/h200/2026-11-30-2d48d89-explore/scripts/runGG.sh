#!/usr/bin/env bash
# Session 16 run GG: on one H200, alternating processes, probes each built from an unpatched tree
# with its change compiled in (scripts/clean_probe.py), 8 queued calls per sample: unpatched;
# evict_last boxes (1.0); the same with each team's box lines demoted to evict_normal at its end;
# the same with evict_first stores; and the benchmark's 3D default.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/gg; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)/|BM_Stencil3D<BulkTensor>/stages:3/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 2>&1 | grep _median
  for p in clean evict_last_1_0 evict_last_1_0_demote evict_last_1_0_st_first; do
    echo "probe $p, 8 queued"; PROBE_QUEUE=8 PROBE_REPS=15 $D/perf/probe_$p 640x640x640,808x808x808 base 2>&1 | grep fraction
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
