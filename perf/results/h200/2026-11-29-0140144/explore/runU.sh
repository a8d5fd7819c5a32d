#!/usr/bin/env bash
# Nsight Compute of the 3D stencil (BulkTensor/6, 1 GiB), the chunked 2D stencil (BulkTensor/4)
# and the chunked transpose (BulkTensor/2) at 40a9e71.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/u; mkdir -p $R
B=$D/perf/etage_bench_memory
M="--clock-control none --kernel-name-base demangled --launch-skip 1 --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --section LaunchStats --section SchedulerStats --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__cycles_active.avg"
{
nvidia-smi -L
for cfg in "Stencil3DKernel BM_Stencil3D<BulkTensor>/stages:6/" "Stencil2DKernel BM_Stencil2D<BulkTensor>/stages:4/" "TransposeKernel BM_Transpose<BulkTensor>/stages:2/"; do
  set -- $cfg
  ETAGE_BENCH_MIB=1024 timeout 150 ncu $M --kernel-name regex:$1 $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$2" > $R/ncu-$1.log 2>&1
  echo "ncu $1 rc=$?"
  grep -E "Duration|DRAM Throughput|L2 Cache Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Limit|dram__bytes|lts__t_sectors|Warp Cycles Per Issued|Issued Warp|No Eligible|Waves Per SM|Grid Size|Block Size" $R/ncu-$1.log | head -40
done
} 2>&1 | tee $R/summary.txt
