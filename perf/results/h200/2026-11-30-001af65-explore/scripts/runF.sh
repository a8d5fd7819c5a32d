#!/usr/bin/env bash
# Session 17 run F: the library's benchmark with the L2Eviction option (working tree after
# 001af65: StencilTile's InputEviction, BulkTensor's hinted copies): the 3D and 2D defaults
# and the 16x128 2/SM/3 block with evict_last input boxes, with their copy peers, 1 and 2 GiB,
# in three processes (the bench resets persisting L2 lines after each evict_last row).
# Device command: bash perf/results/h200/2026-11-30-001af65-explore/scripts/runF.sh
set -u
D=$PWD/build/dev3
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/f; mkdir -p $R
F='BM_Copy|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil2D<BulkTensor>/stages:4/|evict_last'
{ nvidia-smi -L; date -u
for i in 1 2 3; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out=$R/memory-$i.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -v "_mean\|_stddev\|_cv"
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
