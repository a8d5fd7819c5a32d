#!/usr/bin/env bash
# Session 17 run I: does the evict_last gain of the benchmark's 640^3 row depend on how long
# the row runs back to back? The 3D rows at 1 GiB with --benchmark_min_time 0.01 (a few
# samples per repetition) and 1.0, alternating processes; the warm-up is the benchmark's own.
# Device command: bash perf/results/h200/2026-11-30-001af65-explore/scripts/runI.sh
set -u
D=$PWD/build/dev3
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/i; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil3D<BulkTensor 16x128 2/SM evict_last>'
{ nvidia-smi -L; date -u
for i in 1 2; do
  for t in 0.01 1.0; do
    echo "bench min_time $t"
    ETAGE_BENCH_MIB=1024 $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=5 --benchmark_min_time=$t \
      --benchmark_out=$R/memory-$i-$t.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -v "_mean\|_stddev\|_cv" | sed 's/  */ /g'
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
