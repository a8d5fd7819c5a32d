#!/usr/bin/env bash
# Session 11 run K (bf95a1a, the peers refactored; otherwise as run J: the tuned plain Kokkos peers, the transpose's 64x64 tiles through
# padded team scratch and the stencils' 16-byte runs in 8 x 32 teams) next to etage's defaults, 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/k; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_KokkosTiles|BM_Transpose<BulkTensor>/stages:2/|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
{
nvidia-smi -L; date -u
ETAGE_BENCH_MIB=1024,2048 timeout 200 $D/perf/etage_bench_memory --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/memory.json --benchmark_out_format=json > $R/memory.log 2>&1
echo "exit $?"
python3 perf/report_memory.py $R/memory.json $R | grep -E "^\| (Transpose|Stencil)" | cut -c1-120
date -u
} 2>&1 | tee $R/summary.txt
cd $OUT && tar -czf k.tgz k && rm -rf k
