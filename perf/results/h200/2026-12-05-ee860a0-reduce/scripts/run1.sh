#!/usr/bin/env bash
# Memory attempt 34's device job (prepared 2026-12-05, session 26): the d34 pack of
# build34.sh (variants 0, 1, 2 of the reductions' GPU consumer loop; see build34.sh).
#   1. the reduction tests of variant 1 (etage_tests "[reduce]", incl. NaN and infinities);
#   2. 3 rounds of alternating processes v0, v1, v2 of the sum, dot and max rows with
#      BulkTensor and CpAsync at 2 and 4 stages, at 1 and 2 GiB (each process with its own
#      copy rows), 3 repetitions of 8 queued calls per sample.
# About 6 minutes. Output in $OUT/r; tabulate34.py reads it.
set -u
P=${1:-build/t34/d34.tar.xz}
rm -rf build/d34; tar -xJf "$P" -C build
D=$PWD/build/d34
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/r
nvidia-smi --query-gpu=uuid,name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > $OUT/r/gpu.txt 2>&1
timeout 120 $D/v1/etage_tests "[reduce]" > $OUT/r/tests_reduce.log 2>&1; echo "tests exit $?" | tee -a $OUT/r/gpu.txt
tail -3 $OUT/r/tests_reduce.log
F='BM_Copy|BM_(Reduce|Dot|Max)<(BulkTensor|CpAsync)>'
for round in 1 2 3; do
  for v in 0 1 2; do
    ETAGE_BENCH_STAGES=2,4 timeout 100 $D/v$v/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 \
      --benchmark_min_time=0.2 --benchmark_out=$OUT/r/v$v-$round.json --benchmark_out_format=json > $OUT/r/v$v-$round.log 2>&1
    echo "v$v round $round exit $?"
  done
done
nvidia-smi --query-gpu=uuid,clocks.sm,temperature.gpu,power.draw --format=csv >> $OUT/r/gpu.txt 2>&1
