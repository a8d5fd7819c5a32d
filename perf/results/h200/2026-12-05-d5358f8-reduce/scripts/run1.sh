#!/usr/bin/env bash
# Memory attempt 34's device job: the reductions' consumer loop before (9b40eab's kernels, the
# benchmark binary built at 19a5366's configuration, old/) and after (d5358f8: 16-byte vectors,
# one lane per element, fmax lanes plus a NaN flag for max; perf/, tests/), packed by
# pack.sh as build/devpack26/d26.tar.xz. Runs the reduction tests of d5358f8 on the GPU, then
# 3 rounds of alternating processes (old, new) of the sum, dot and max rows with BulkTensor and
# CpAsync at 2 and 4 stages, 1 and 2 GiB, each process with its own copy rows.
set -u
P=${1:-build/devpack26/d26.tar.xz}
rm -rf build/d26; tar -xJf "$P" -C build
D=$PWD/build/d26
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/r
nvidia-smi --query-gpu=uuid,name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > $OUT/r/gpu.txt 2>&1
timeout 150 $D/tests/etage_tests "[reduce]" > $OUT/r/tests_reduce.log 2>&1; echo "tests exit $?" | tee -a $OUT/r/gpu.txt
tail -3 $OUT/r/tests_reduce.log
F='BM_Copy|BM_(Reduce|Dot|Max)<(BulkTensor|CpAsync)>'
for round in 1 2 3; do
  for b in old new; do
    exe=$D/perf/etage_bench_memory; [ $b = old ] && exe=$D/old/etage_bench_memory
    ETAGE_BENCH_STAGES=2,4 timeout 100 $exe --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 \
      --benchmark_out=$OUT/r/$b-$round.json --benchmark_out_format=json > $OUT/r/$b-$round.log 2>&1
    echo "$b round $round exit $?"
  done
done
nvidia-smi --query-gpu=uuid,clocks.sm,temperature.gpu,power.draw --format=csv >> $OUT/r/gpu.txt 2>&1
