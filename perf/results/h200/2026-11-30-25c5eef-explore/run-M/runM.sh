#!/usr/bin/env bash
# Session 10 run M (25c5eef + dev-switch-ranges.py): 3D default block, BulkTensor/2, z ranges
# per block (ETAGE_DEV_RANGES; 0 = the rule) at 808^3 (the 2 GiB cube, 76 % in run L against
# 79-80 % at 640, 768, 824, 832, 896), 824^3 and 640^3.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/m; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 100 $B --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-90
}
{
nvidia-smi -L
date -u
F='BM_Stencil3D<BulkTensor>/stages:2/'
for r in 0 5 6 7 9 10 12 14 16 20 28; do ETAGE_DEV_RANGES=$r run s3-808-r$r 2048 "$F"; done
for r in 0 10 12 16; do ETAGE_DEV_RANGES=$r run s3-824-r$r 2135 "$F"; done
for r in 0 8 10 20; do ETAGE_DEV_RANGES=$r run s3-640-r$r 1024 "$F"; done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
