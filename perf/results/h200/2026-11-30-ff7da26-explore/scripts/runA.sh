#!/usr/bin/env bash
# Session 13 run A (ff7da26 + bench rows for blocks with rows of about 1 KB): the GPU suite
# (the review fixes of b33531b have not run on a GPU yet); the stencils' default blocks against
# blocks whose box rows are 1 KB (16x248, 12x248, 16x240 at 2 stages) or 512 B with fewer halo
# rows (24x120 at 3 stages, 32x120 at 2), two processes; ncu L2 read sectors of the 2D/3D
# default and 16x248 kernels (the column-halo hypothesis: a TMA box row reads whole 64 B granules).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/a; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_Stencil[23]D<BulkTensor>/stages:[24]/|BM_Stencil[23]D<BulkTensor (24x128|16x128|16x248|16x240|12x248|24x120|32x120)'
{
nvidia-smi -L; date -u
timeout 240 $D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
grep -B2 -A12 FAILED $R/tests.log | head -40
date -u
for round in 1 2; do
  ETAGE_BENCH_MIB=1024,2048 timeout 150 $B --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/s-$round.json --benchmark_out_format=json > $R/s-$round.log 2>&1
  echo "round $round exit $?"
  python3 perf/report_memory.py $R/s-$round.json $R/x | grep -E "^\| Stencil" | grep -v error | cut -c1-100
  date -u
done
M="lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
NCU="ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 --section SpeedOfLight --section Occupancy --metrics $M"
for k in "2 Stencil2D<BulkTensor>/stages:4/" "2 Stencil2D<BulkTensor 16x248 2/SM>/stages:2/" "3 Stencil3D<BulkTensor>/stages:2/" "3 Stencil3D<BulkTensor 16x248 2/SM>/stages:2/"; do
  set -- $k; n=$(echo "$2" | tr -c 'a-zA-Z0-9\n' '_')
  ETAGE_BENCH_MIB=1024 timeout 100 $NCU --kernel-name regex:Stencil${1}DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_$2" > $R/ncu-$n.log 2>&1
  echo "ncu $2 rc=$?"; grep -E "Duration|DRAM Throughput|L2 Cache Throughput|Achieved Occ|lts__|dram__" $R/ncu-$n.log | head -12
done
date -u
} 2>&1 | tee $R/summary.txt
rm -rf $R/x*
