#!/usr/bin/env bash
# Session 10 run L: 3D default block against 24x160 at grids with nx a multiple of 128 or not,
# row pitch 128-byte aligned or not (640, 768, 824, 832, 896); transpose 64x64 with 256
# consumer threads and room for 3 or 4 teams per SM.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/l; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 200 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-90
}
{
nvidia-smi -L
date -u
run s3 1024,1728,2135,2197,2744 'BM_Stencil3D<BulkTensor( 24x160 2/SM)?>/stages:2/'
date -u
run t 1024,2048 'BM_Transpose<BulkTensor( 64x64 256t [34]/SM)?>/stages:2/'
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
