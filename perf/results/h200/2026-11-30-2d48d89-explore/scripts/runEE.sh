#!/usr/bin/env bash
# Session 16 run EE: on one H200, alternating processes: the d4f8315 snapshot's benchmark (the
# library's 3D default and the copy), the probe built from an unpatched tree (scripts/clean_probe.py)
# timed one call per sample and 8 queued calls per sample, and the same probe with the early
# release hard-coded (clean_probe.py ... early; an upper bound, not a correct program), 8 queued.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/ee; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)/|BM_Stencil3D<BulkTensor>/stages:3/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 2>&1 | grep _median
  echo "probe clean, 1 call per sample"; PROBE_REPS=15 $D/perf/probe_clean 640x640x640,808x808x808 base 2>&1 | grep fraction
  echo "probe clean, 8 queued"; PROBE_QUEUE=8 PROBE_REPS=15 $D/perf/probe_clean 640x640x640,808x808x808 base 2>&1 | grep fraction
  echo "probe early, 8 queued"; PROBE_QUEUE=8 PROBE_REPS=15 $D/perf/probe_early 640x640x640,808x808x808 base 2>&1 | grep fraction
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
