#!/usr/bin/env bash
# Exploration: finer sweep of tiles per team (transpose) and blocks per team (2D stencil), 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/r; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
for k in 0 6 8 12 16 24; do
  ETAGE_DEV_TPK=$k ETAGE_BENCH_MIB=1024,2048 timeout 100 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Transpose<(BulkTensor|CpAsync)>/stages:2/' --benchmark_out=$R/t$k.json --benchmark_out_format=json > /dev/null 2>&1
  echo "== transpose tiles per team $k"; python3 perf/report_memory.py $R/t$k.json $R/x 2>&1 | grep -E "^\| (Transpose)" | cut -c1-90
done
for k in 0 8 12 16 24 32 48; do
  ETAGE_DEV_SPK=$k ETAGE_BENCH_MIB=1024,2048 timeout 100 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Stencil2D<(BulkTensor|CpAsync)>/stages:(3|4)/' --benchmark_out=$R/s$k.json --benchmark_out_format=json > /dev/null 2>&1
  echo "== stencil2d blocks per team $k"; python3 perf/report_memory.py $R/s$k.json $R/x 2>&1 | grep -E "^\| (Stencil)" | cut -c1-90
done
} 2>&1 | tee $R/summary.txt
