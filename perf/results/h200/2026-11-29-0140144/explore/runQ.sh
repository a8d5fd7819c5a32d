#!/usr/bin/env bash
# Exploration: tiles per team (ETAGE_DEV_TPK, transpose) and blocks per team (ETAGE_DEV_SPK,
# 2D stencil) with a league of ceil(tiles / k) teams, against the persistent league (0).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/q; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
for k in 0 1 2 4 8 16; do
  ETAGE_DEV_TPK=$k ETAGE_BENCH_MIB=1024 timeout 100 $B --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:1073741824|BM_Transpose<(BulkTensor|CpAsync|Synchronous)>/stages:(1|2|3)/' --benchmark_out=$R/t$k.json --benchmark_out_format=json > $R/t$k.log 2>&1
  echo "== transpose tiles per team $k"; python3 perf/report_memory.py $R/t$k.json $R/r 2>&1 | grep -E "^\| (Copy|Transpose)" | cut -c1-110
done
for k in 0 1 2 4 8; do
  ETAGE_DEV_SPK=$k ETAGE_BENCH_MIB=1024 timeout 100 $B --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:1073741824|BM_Stencil2D<(BulkTensor|CpAsync|Synchronous)>/stages:(1|2|3|4)/' --benchmark_out=$R/s$k.json --benchmark_out_format=json > $R/s$k.log 2>&1
  echo "== stencil2d blocks per team $k"; python3 perf/report_memory.py $R/s$k.json $R/r 2>&1 | grep -E "^\| (Copy|Stencil)" | cut -c1-110
done
} 2>&1 | tee $R/summary.txt
