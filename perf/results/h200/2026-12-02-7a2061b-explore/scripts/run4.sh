#!/usr/bin/env bash
# Session 23 run 4: the library's benchmark on another H200, the 19bb6f7 snapshot's repeat rows
# (transpose CpAsync/2, 2D and 3D stencil defaults, the 3D block without the hint, their copy
# peers; 1 and 2 GiB, 3 repetitions, 8 queued calls per sample), two processes. Binary:
# perf/etage_bench_memory of the fresh-clone CI build at f3e1b48 (kernels as at 7a2061b and
# 687687f), carried in build/s23bench with its libbenchmark.
# Device command: bash perf/results/h200/2026-12-02-7a2061b-explore/scripts/run4.sh build/s23bench
set -u
D=$(cd "$1" && pwd)
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
R=$OUT/run4; mkdir -p $R
F='BM_Copy|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil2D<BulkTensor>/stages:4/|BulkTensor 16x128 2/SM|BM_Transpose<CpAsync>/stages:2/'
{ nvidia-smi -L; date -u
for i in 1 2; do
  $D/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out=$R/memory-$i.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -v "_mean\|_stddev\|_cv" | grep -o "^BM_[^ ]*\|peer_ratio=[0-9.]*"
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
