#!/usr/bin/env bash
# Session 12 run A: the transpose in one tile per team (Synchronous and CpAsync, 64 x 64 floats,
# 256 or 512 threads, register room for 2-8 teams per SM) against the BulkTensor default and the
# tuned Kokkos peer; bench_base keeps persistent teams for Synchronous and CpAsync, bench_pt1 is
# built with -DETAGE_DEV_TRANSPOSE_PER_TEAM=1 (one tile per team). A/B/A/B processes, 1 and 2 GiB.
# Then the GPU test suite (tests built without the switch).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/a; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosTiles|BM_Transpose<BulkTensor>/stages:2/|BM_Transpose<Synchronous>/stages:1/|BM_Transpose<CpAsync>/stages:2/|BM_Transpose<Synchronous 64x64|BM_Transpose<CpAsync 64x64'
{
nvidia-smi -L; date -u
for round in 1 2; do
  for b in base pt1; do
    ETAGE_BENCH_MIB=1024,2048 timeout 150 $D/perf/bench_$b --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/$b-$round.json --benchmark_out_format=json > $R/$b-$round.log 2>&1
    echo "$b round $round exit $?"
    python3 perf/report_memory.py $R/$b-$round.json $R/$b-$round | grep -E "^\| Transpose" | cut -c1-110
  done
done
date -u
timeout 200 $D/tests/etage_tests > $R/tests.log 2>&1; echo "tests exit $?"; tail -3 $R/tests.log
date -u
} 2>&1 | tee $R/summary.txt
cd $OUT && tar -czf a.tgz a && rm -rf a
