#!/usr/bin/env bash
# Session 17 run H: does the benchmark's 640^3 evict_last gain depend on where the grids lie?
# The benchmark's 3D rows with ETAGE_BENCH_MIB=2048,1024 (the 640^3 rows then run in the
# buffers allocated for 808^3) against the default order (1024,2048), alternating processes.
# Device command: bash perf/results/h200/2026-11-30-001af65-explore/scripts/runH.sh
set -u
D=$PWD/build/dev3
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/h; mkdir -p $R
F='BM_Copy/bytes:(2097152000|4220112896)|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil3D<BulkTensor 16x128 2/SM evict_last>'
{ nvidia-smi -L; date -u
for i in 1 2; do
  for mib in 2048,1024 1024,2048; do
    echo "bench ETAGE_BENCH_MIB=$mib"
    ETAGE_BENCH_MIB=$mib $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
      --benchmark_out=$R/memory-$i-${mib/,/-}.json --benchmark_out_format=json 2>&1 | grep -E "median|error" | grep -v "_mean\|_stddev\|_cv"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
