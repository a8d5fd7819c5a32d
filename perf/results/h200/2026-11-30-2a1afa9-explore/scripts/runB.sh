#!/usr/bin/env bash
# Session 14 run B (the run A binary): Nsight Compute's throughput breakdown (which L2 / DRAM
# sub-unit is closest to its peak) for the 3D default, the 2D default and the sum, 1 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/b; mkdir -p $R
B=$D/perf/bench_dev
M="lts__t_sectors.avg.pct_of_peak_sustained_elapsed,lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed,lts__d_sectors.avg.pct_of_peak_sustained_elapsed,lts__xbar2lts_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__lts2xbar_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_ltcfabric.avg.pct_of_peak_sustained_elapsed,lts__ltcfabric2lts_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active"
prof() {  # tag kernel-regex bench-filter
  ETAGE_BENCH_MIB=1024 timeout 150 ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 \
    --kernel-name "regex:$2" --section SpeedOfLight --print-details all --metrics $M \
    $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$3" > $R/ncu-$1.log 2>&1
  echo "== ncu $1 rc=$?"; sed -n '/Section: GPU Speed Of Light/,$p' $R/ncu-$1.log | grep -vE "^\s*$|----" | cut -c1-110 | head -60
}
{ nvidia-smi -L; date -u
prof 3d Stencil3DKernel 'BM_Stencil3D<BulkTensor>/stages:3/'
prof 2d Stencil2DKernel 'BM_Stencil2D<BulkTensor>/stages:4/'
prof sum ReduceKernel 'BM_Reduce<BulkTensor>/stages:2/'
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
