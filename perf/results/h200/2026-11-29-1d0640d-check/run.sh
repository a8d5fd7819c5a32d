#!/usr/bin/env bash
# Check at 1d0640d that the memory benchmark's changed checks (double-precision reference sum)
# pass on the GPU: reductions and the transpose at 1 GiB, one repetition.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/o; mkdir -p $R
{
nvidia-smi -L
ETAGE_BENCH_MIB=1024 timeout 120 $D/perf/etage_bench_memory --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:1073741824|BM_Copy/bytes:2147483648|BM_Reduce|BM_KokkosRange<Reduce>|BM_Transpose<BulkTensor>/stages:2' --benchmark_out=$R/memory-check.json --benchmark_out_format=json > /tmp/m.log 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/memory-check.json $R 2>&1 | grep -E "Reduce|Transpose|error"
} 2>&1 | tee $R/summary.txt
