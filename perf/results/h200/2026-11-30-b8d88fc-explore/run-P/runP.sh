#!/usr/bin/env bash
# Session 10 run P (b8d88fc + ../2026-11-30-25c5eef-explore/dev-switch-ranges.py): 3D default
# block, BulkTensor/2, with one z range per block (every team resident at once, marching
# through z together) or 2, against the rule (0), at 808^3 (238 blocks for 264 resident
# teams), 768^3 (192 blocks) and 640^3 (135 blocks).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/p; mkdir -p $R
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
for r in 0 1 2 0; do ETAGE_DEV_RANGES=$r run s3-808-r$r 2048 "$F"; done
for r in 0 1; do ETAGE_DEV_RANGES=$r run s3-768-r$r 1728 "$F"; done
for r in 0 1 2; do ETAGE_DEV_RANGES=$r run s3-640-r$r 1024 "$F"; done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x* && tar czf $OUT/p-all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete
