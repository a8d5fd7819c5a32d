#!/usr/bin/env bash
# Chunked leagues (transpose BulkTensor 8 tiles per team, 2D stencil 8 blocks per team):
# whole GPU suite; transposes with 512 (default) and 256 consumer threads (ETAGE_DEV_TH); 2D stencil rows.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/s; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
$D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
for th in 0 256; do
  ETAGE_DEV_TH=$th ETAGE_BENCH_MIB=1024,2048 timeout 100 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Transpose<(BulkTensor|CpAsync)>/stages:2/' --benchmark_out=$R/t$th.json --benchmark_out_format=json > /dev/null 2>&1
  echo "== transpose threads $th"; python3 perf/report_memory.py $R/t$th.json $R/x 2>&1 | grep -E "^\| (Transpose)" | cut -c1-90
done
ETAGE_BENCH_MIB=1024,2048 timeout 150 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Stencil2D' --benchmark_out=$R/s.json --benchmark_out_format=json > /dev/null 2>&1
echo "== stencil 2D"; python3 perf/report_memory.py $R/s.json $R/x 2>&1 | grep -E "^\| (Stencil)" | cut -c1-90
} 2>&1 | tee $R/summary.txt
