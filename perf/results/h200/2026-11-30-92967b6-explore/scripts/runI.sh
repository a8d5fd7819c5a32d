#!/usr/bin/env bash
# Session 11 run I (6c2fb01 + the Kokkos 16-byte-run peer in teams of 8 x 32 threads,
# for_each_in_blocks): the peer and etage's default stencil rows at 1 and 2 GiB, one process.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/i; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
{
nvidia-smi -L; date -u
ETAGE_BENCH_MIB=1024,2048 timeout 200 $D/perf/etage_bench_memory --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/memory.json --benchmark_out_format=json > $R/memory.log 2>&1
echo "exit $?"
python3 perf/report_memory.py $R/memory.json $R | grep -E "^\| (Stencil)" | cut -c1-120
date -u
} 2>&1 | tee $R/summary.txt
cd $OUT && tar -czf i.tgz i && rm -rf i
