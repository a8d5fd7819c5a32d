#!/usr/bin/env bash
# Session 13 run C (995c270 + the rows of run-C-rows.py): stencil blocks around the new defaults
# with the 32-byte column halo (2D 16x120/4, 3D 16x128/3): taller, shorter, deeper rings, room
# for 3 teams per SM, 512-thread teams; two processes at 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/c; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil[23]D<BulkTensor (16x120|16x128|20x128|12x128|8x128|12x120|20x120)'
{
nvidia-smi -L; date -u
for round in 1 2; do
  ETAGE_BENCH_MIB=1024,2048 timeout 170 $D/perf/bench_c --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/c-$round.json --benchmark_out_format=json > $R/c-$round.log 2>&1
  echo "round $round exit $?"
  python3 perf/report_memory.py $R/c-$round.json $R/x | grep -E "^\| Stencil" | grep -v error | cut -c1-100
  date -u
done
} 2>&1 | tee $R/summary.txt
rm -rf $R/x*
