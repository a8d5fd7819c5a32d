#!/usr/bin/env bash
# Session 12 run B: bench_pt1b, built with -DETAGE_DEV_TRANSPOSE_PER_TEAM=1 -DETAGE_DEV_STENCIL_BPT=1
# (one transpose tile / one 2D block per team for every engine but BulkTensor): the CpAsync
# transpose in 256-thread teams with room for 5 or 6 per SM, and CpAsync stencil blocks of 16 x 128
# and 8 x 128 in 256-thread teams with room for 4-6 per SM, next to the defaults and the tuned
# Kokkos peers, two processes, 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/b; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_KokkosTiles|BM_Transpose<BulkTensor>/stages:2/|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/|CpAsync 64x64|CpAsync (16|8)x128'
{
nvidia-smi -L; date -u
for round in 1 2; do
  ETAGE_BENCH_MIB=1024,2048 timeout 280 $D/perf/bench_pt1b --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/pt1b-$round.json --benchmark_out_format=json > $R/pt1b-$round.log 2>&1
  echo "round $round exit $?"
  python3 perf/report_memory.py $R/pt1b-$round.json $R/pt1b-$round | grep -E "^\| (Transpose|Stencil)" | cut -c1-110
done
date -u
} 2>&1 | tee $R/summary.txt
cd $OUT && tar -czf b.tgz b && rm -rf b
