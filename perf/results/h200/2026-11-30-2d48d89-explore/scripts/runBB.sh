#!/usr/bin/env bash
# Session 16 run BB: the d4f8315 snapshot's memory benchmark binary (build/cuda at d4f8315, the
# library unchanged since but for comments), only the shipped default of each goal and the copy
# peer, twice in separate processes on one of this session's H200s: does each goal hold there?
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/bb; mkdir -p $R
F='BM_Copy/|BM_Reduce<BulkTensor>/stages:(2|4)/|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:3/|BM_Transpose<CpAsync>/stages:2/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out=$R/r$i.json --benchmark_out_format=json > $R/r$i.log 2>&1; echo "round $i exit $?"
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
