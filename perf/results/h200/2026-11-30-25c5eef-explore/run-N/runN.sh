#!/usr/bin/env bash
# Session 10 run N (25c5eef + dev-switch-ranges.py + dev-switch-pf3.py): 3D L2 prefetch distance
# (ETAGE_DEV_PF_3 planes ahead) for the default 24x128/2, 16x128 2/SM/4 and 16x128 3/SM/4.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/n; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 150 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-90
}
{
nvidia-smi -L
date -u
F='BM_Stencil3D<BulkTensor>/stages:2/|BM_Stencil3D<BulkTensor 16x128 [23]/SM>/stages:4/'
for pf in 0 1 2 3 5; do ETAGE_DEV_PF_3=$pf run s3-pf$pf 1024,2048 "$F"; done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x* && tar czf $OUT/n-all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete
