#!/usr/bin/env bash
# Memory attempt 34's device job (prepared 2026-12-05, session 26): the d34 pack of
# build34.sh (variants 0, 1, 2 of the reductions' GPU consumer loop; see build34.sh).
#   1. the reduction tests of variant 1 (etage_tests "[reduce]", incl. NaN and infinities);
#   2. 3 rounds of alternating processes v0, v1, v2 of the sum, dot and max rows with
#      BulkTensor and CpAsync at 2 and 4 stages, at 1 and 2 GiB (each process with its own
#      copy rows), 3 repetitions of 8 queued calls per sample.
#   3. Nsight Compute on one max launch of each variant (ncu.txt).
# About 7 minutes. Output in $OUT/r; tabulate34.py reads the JSON.
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
# Nsight Compute on one max launch per variant (BulkTensor/4, 1 GiB; the 21st ReduceKernel launch,
# past the warm-up): time, instructions, issue activity, DRAM bytes read, SM clock.
M=gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,sm__cycles_elapsed.avg.per_second
if command -v ncu > /dev/null; then
  for v in 0 1 2; do
    echo "== ncu max BulkTensor/4 1 GiB v$v" >> $OUT/r/ncu.txt
    ETAGE_BENCH_MIB=1024 ETAGE_BENCH_STAGES=4 timeout 100 ncu --clock-control none -k regex:ReduceKernel \
      --launch-skip 20 --launch-count 1 --metrics $M --csv $D/v$v/etage_bench_memory \
      --benchmark_filter='BM_Max<BulkTensor>' --benchmark_min_time=0.05 > $OUT/r/ncu-v$v.csv 2>&1
    python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' \
      $OUT/r/ncu-v$v.csv >> $OUT/r/ncu.txt
  done
  cat $OUT/r/ncu.txt
fi
nvidia-smi --query-gpu=uuid,clocks.sm,temperature.gpu,power.draw --format=csv >> $OUT/r/gpu.txt 2>&1
