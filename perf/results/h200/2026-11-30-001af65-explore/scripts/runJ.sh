#!/usr/bin/env bash
# Session 17 run J: run I's 640^3 evict_last gain (1.8-2.3 points) against runs F-H's (0.2-0.9):
# is it the 1 GiB-only buffers or the 5 repetitions? The snapshot binary (c9ce14e, build/dev4),
# 3D rows: ETAGE_BENCH_MIB=1024 with 3 repetitions, and 1024,2048 with 5, alternating.
# Device command: tar -xJf build/devpack4/dev4.tar.xz -C build && bash .../runJ.sh
set -u
D=$PWD/build/dev4
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/j; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil3D<BulkTensor 16x128 2/SM evict_last>'
{ nvidia-smi -L; date -u
for i in 1 2; do
  for c in "1024 3" "1024,2048 5"; do
    set -- $c
    echo "bench ETAGE_BENCH_MIB=$1 repetitions $2"
    ETAGE_BENCH_MIB=$1 $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=$2 --benchmark_min_time=0.2 \
      --benchmark_out=$R/memory-$i-${1/,/-}-$2.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -o "^BM_[^ ]*\|peer_ratio=[0-9.]*"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
