#!/usr/bin/env bash
# Session 10 run O: output stores st.global.wb (A: 25c5eef) against st.global.cs (B: __stcs,
# run-O-stcs.diff), BulkTensor default rows of every algorithm, alternating A B A B on one GPU.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/o; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_(Transpose|Stencil2D|Stencil3D|Reduce)<BulkTensor>/stages:(2|4)/'
run() {  # name binary
  ETAGE_BENCH_MIB=1024,2048 timeout 150 $D/perf/$2 --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-80
}
{
nvidia-smi -L
date -u
run A1 bench_A; run B1 bench_B; run A2 bench_A; run B2 bench_B
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x* && tar czf $OUT/o-all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete
