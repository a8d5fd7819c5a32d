#!/usr/bin/env bash
# 5116bc0: whole GPU suite; transposes and 2D stencils at 16 and 64 MiB (where chunks of 8 would
# leave the device short of a wave) and at 1 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/y; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
$D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
ETAGE_BENCH_MIB=16,64,1024 timeout 150 $B --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy|BM_Transpose<(BulkTensor|CpAsync)>/stages:2/|BM_Stencil2D<(BulkTensor|CpAsync)>/stages:(3|4)/|BM_KokkosRange<(Transpose|Stencil2D)' --benchmark_out=$R/s.json --benchmark_out_format=json > /dev/null 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/s.json $R/r 2>&1 | grep -E "^\| (Stencil2D|Transpose)" | grep -v error | cut -c1-90
} 2>&1 | tee $R/summary.txt
