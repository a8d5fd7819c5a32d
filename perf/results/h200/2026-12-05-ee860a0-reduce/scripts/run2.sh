#!/usr/bin/env bash
# Memory attempt 34's device job as run in session 28 (2026-12-05): the probe packs of session 26
# were gone with their machine, so the comparison takes two snapshot packs instead, each a
# cuda-preset build packed by ../../2026-12-02-687687f/pack.sh:
#   M  main (the library's loop: one element per iteration, NaN-sticky combine);
#   C  branch attempt34 = main plus ../reduce-lanes.diff (16-byte vectors, one lane per element,
#      max lanes by Kokkos::fmax plus a NaN flag).
# (run1.sh's variant 2, the lanes with the NaN-sticky combine, is not in this run.)
#   1. the reduction tests of C (etage_tests "[reduce]", incl. NaN, infinities, exact sums);
#   2. 3 rounds of alternating processes M, C of the sum, dot and max rows with BulkTensor and
#      CpAsync at 2 and 4 stages, at 1 and 2 GiB (each process with its own copy rows),
#      3 repetitions of 8 queued calls per sample: $R/vM-R.json, vC-R.json;
#   3. Nsight Compute on one max launch of each (ncu.txt).
# Usage: run2.sh MAIN_PACK CANDIDATE_PACK. About 5 minutes. Everything lands in /tmp/r, then in
# $OUT/r.tar.gz (the device returns at most 8 files); gpu.txt, ncu.txt and table.md (tabulate34.py)
# also as files of their own.
set -u
R=/tmp/r; rm -rf $R build/pm build/pc; mkdir -p $R build/pm build/pc
tar -xJf "$1" -C build/pm; tar -xJf "$2" -C build/pc
declare -A D=([M]=$PWD/build/pm/dev13 [C]=$PWD/build/pc/dev13)
nvidia-smi --query-gpu=uuid,name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > $R/gpu.txt 2>&1
timeout 200 ${D[C]}/tests/etage_tests --reporter compact > $R/tests_reduce.log 2>&1; echo "tests C (whole suite) exit $?" | tee -a $R/gpu.txt
tail -3 $R/tests_reduce.log
F='BM_Copy|BM_(Reduce|Dot|Max)<(BulkTensor|CpAsync)>'
for round in 1 2 3; do
  for v in M C; do
    LD_LIBRARY_PATH=${D[$v]}/perf ETAGE_BENCH_STAGES=2,4 timeout 100 ${D[$v]}/perf/etage_bench_memory --benchmark_filter="$F" \
      --benchmark_repetitions=3 --benchmark_min_time=0.2 --benchmark_out=$R/v$v-$round.json \
      --benchmark_out_format=json > $R/v$v-$round.log 2>&1
    echo "v$v round $round exit $?"
  done
done
M=gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,sm__cycles_elapsed.avg.per_second
if command -v ncu > /dev/null; then
  for v in M C; do
    echo "== ncu max BulkTensor/4 1 GiB v$v" >> $R/ncu.txt
    LD_LIBRARY_PATH=${D[$v]}/perf ETAGE_BENCH_MIB=1024 ETAGE_BENCH_STAGES=4 timeout 60 ncu --clock-control none --kernel-name-base demangled -k regex:ReduceKernel \
      --launch-skip 20 --launch-count 1 --metrics $M --csv ${D[$v]}/perf/etage_bench_memory \
      --benchmark_filter='BM_Max<BulkTensor>' --benchmark_min_time=0.05 > $R/ncu-v$v.csv 2>&1
    python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' \
      $R/ncu-v$v.csv >> $R/ncu.txt
  done
  cat $R/ncu.txt
fi
nvidia-smi --query-gpu=uuid,clocks.sm,temperature.gpu,power.draw --format=csv >> $R/gpu.txt 2>&1
python3 perf/results/h200/2026-12-05-ee860a0-reduce/scripts/tabulate34.py $R | tee $R/table.md
tar -czf $OUT/r.tar.gz -C /tmp r; cp $R/gpu.txt $R/table.md $OUT/; [ -f $R/ncu.txt ] && cp $R/ncu.txt $OUT/
