#!/usr/bin/env bash
# Session 16 run FF: on one H200, alternating processes, each probe built from an unpatched tree
# with one change compiled in (scripts/clean_probe.py), 8 queued calls per sample: the unpatched
# probe, and the stencil boxes with an L2 evict_last policy of fraction 1.0 and 0.5; the 3D
# default at 640^3 and 808^3 (and 1x16384x16384, meant as the 2D default but in these trees a
# one-plane 3D sweep); and the benchmark's 3D default.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/ff; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)/|BM_Stencil3D<BulkTensor>/stages:3/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 2>&1 | grep _median
  for p in clean evict_last_1_0 evict_last_0_5; do
    echo "probe $p, 8 queued"; PROBE_QUEUE=8 PROBE_REPS=15 $D/perf/probe_$p 640x640x640,808x808x808,1x16384x16384 base 2>&1 | grep fraction
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
