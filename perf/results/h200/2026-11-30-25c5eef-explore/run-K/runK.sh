#!/usr/bin/env bash
# Session 10 run K: whole GPU suite (25c5eef's shared chunk load on the GPU); 3D blocks with
# less halo or more teams per SM, at grids whose nx is / is not a multiple of 128; transpose
# with room for more teams per SM; ncu L2/DRAM breakdown of the 2D and 3D default kernels.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/k; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 170 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | grep -v error | cut -c1-90
}
{
nvidia-smi -L
date -u
run s3 1024,1728,2048 'BM_Stencil3D<BulkTensor( [0-9x]+ ?[0-9t]* ?[0-9/SM]*)?>/stages:[23]/'
date -u
run t 1024,2048 'BM_Transpose<BulkTensor( 64x64 512t 3/SM| 32x32 256t 6/SM| 32x32)?>/stages:[23]/'
date -u
M="lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum"
NCU="ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --metrics $M"
ETAGE_BENCH_MIB=1024 timeout 100 $NCU --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<BulkTensor>/stages:2/" > $R/ncu-3d.log 2>&1
echo "ncu 3d rc=$?"; grep -E "Duration|DRAM Throughput|L2 Cache Throughput|Registers Per|Achieved Occ|lts__|dram__" $R/ncu-3d.log | head -20
ETAGE_BENCH_MIB=1024 timeout 100 $NCU --kernel-name regex:Stencil2DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil2D<BulkTensor>/stages:4/" > $R/ncu-2d.log 2>&1
echo "ncu 2d rc=$?"; grep -E "Duration|DRAM Throughput|L2 Cache Throughput|Registers Per|Achieved Occ|lts__|dram__" $R/ncu-2d.log | head -20
date -u
timeout 240 $D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
grep -B2 -A12 FAILED $R/tests.log | head -40
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
