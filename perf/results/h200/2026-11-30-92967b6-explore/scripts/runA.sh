#!/usr/bin/env bash
# Session 11 run A: plain CUDA stencil peers (peers_stencil.cu) and etage's default stencil
# rows at 1 and 2 GiB on the same GPU.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/a; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 120 $B --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-100
}
{
nvidia-smi -L
date -u
$D/peers_stencil
run s-1g 1024 'BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
run s-2g 2048 'BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
$D/peers_stencil | grep -v correctness
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
cd $OUT && tar -czf a.tgz a && rm -rf a
