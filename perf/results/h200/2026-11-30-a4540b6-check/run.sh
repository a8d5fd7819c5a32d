#!/usr/bin/env bash
# a4540b6 (review fixes): the whole GPU suite; 3D stencil rows BulkTensor/2 (24x128 default) and /4
# (no block named: the 16x64 2/SM block) at 1 and 2 GiB, one repetition.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/t; mkdir -p $R
{
nvidia-smi -L
timeout 260 $D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
grep -B2 -A12 FAILED $R/tests.log | head -30
ETAGE_BENCH_MIB=1024,2048 timeout 90 $D/perf/etage_bench_memory --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$|BM_Stencil3D<BulkTensor>/stages:(2|4)/' --benchmark_out=$R/s3.json --benchmark_out_format=json > $R/s3.log 2>&1
echo "bench exit $?"; python3 perf/report_memory.py $R/s3.json $R/x 2>&1 | grep -E "^\| Stencil3D" | cut -c1-90
} 2>&1 | tee $R/summary.txt
rm -rf $R/x $R/s3.log
