#!/usr/bin/env bash
# Session 16 run DD: on one H200, alternating processes, the default 3D stencil at 640^3 and
# 808^3 as built by: the d4f8315 snapshot's benchmark (the library), session 15's run-V probe,
# this session's run-W probe and run-AA probe (each with no switch set): which patches slowed
# the probe's default?
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/dd; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)/|BM_Stencil3D<BulkTensor>/stages:3/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 2>&1 | grep _median
  for p in V W AA; do
    echo "probe $p"; PROBE_REPS=15 $D/perf/probe_$p 640x640x640,808x808x808 base 2>&1 | grep fraction
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
