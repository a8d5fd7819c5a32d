#!/usr/bin/env bash
# Session 17 run G: on one GPU, session 16's clean probes (default / evict_last boxes) against
# the library's benchmark (working tree after 001af65, its 3D rows: the default and the
# evict_last block), alternating processes; 8 queued calls per sample in both.
# Device command: bash perf/results/h200/2026-11-30-001af65-explore/scripts/runG.sh
set -u
D=$PWD/build/dev3
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/g; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil3D<BulkTensor 16x128 2/SM evict_last>'
{ nvidia-smi -L; date -u
for i in 1 2; do
  for p in clean evict_last_1_0; do
    echo "probe $p"
    PROBE_QUEUE=8 PROBE_REPS=9 $D/perf/probe3_$p 640x640x640,808x808x808 base 2>&1 | grep "fraction"
  done
  echo "bench"
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out=$R/memory-$i.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -v "_mean\|_stddev\|_cv"
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
