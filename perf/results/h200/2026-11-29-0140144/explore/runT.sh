#!/usr/bin/env bash
# More teams per SM: transposes with register room for 3 teams; 2D stencil 32x64 with room
# for 4, 5, 6 teams; 1 and 2 GiB, 2 repetitions (40a9e71 + dev-switches-occ.py).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/t; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
ETAGE_BENCH_MIB=1024,2048 timeout 200 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Transpose<(BulkTensor|CpAsync)|BM_Stencil2D<BulkTensor' --benchmark_out=$R/t.json --benchmark_out_format=json > /dev/null 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/t.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil)" | grep -v error | cut -c1-90
} 2>&1 | tee $R/summary.txt
