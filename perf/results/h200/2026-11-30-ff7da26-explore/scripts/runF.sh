#!/usr/bin/env bash
# Session 13 run F (dc1d0fe + run-F-ranges.diff): z ranges per (y, x) block of the new 3D default
# (16x128/3): the rule (stencil_3d_teams_per_slot = 3: 15 ranges at 640^3, 8 at 808^3) against
# fixed counts (ETAGE_DEV_RANGES), one process each, in two passes.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/f; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
{ nvidia-smi -L; date -u
for pass in 1 2; do
for n in 0 4 6 10 12 16 24; do
  ETAGE_DEV_RANGES=$n ETAGE_BENCH_MIB=1024,2048 timeout 60 $D/perf/bench_f --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter="$C|BM_Stencil3D<BulkTensor>/stages:3/" --benchmark_out=$R/r$n-$pass.json --benchmark_out_format=json > $R/r$n-$pass.log 2>&1
  echo "pass $pass ranges $n (0: rule) exit $?: $(python3 perf/report_memory.py $R/r$n-$pass.json $R/x | grep -E '^\| Stencil3D' | awk -F'|' '{print $3 $6}' | tr '\n' ' ')"
done; done; date -u; } 2>&1 | tee $R/summary.txt
rm -rf $R/x*
