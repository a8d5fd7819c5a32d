#!/usr/bin/env bash
# Session 14 run A (1563473 + scripts/dev_switches_runA.py): 3D stencil blocks at 1-2 stages (the new
# shallow default against 16x128), 8x128 blocks with room for 2-4 teams per SM at 4-6 stages, the
# kernel with and without the one-point path (ETAGE_DEV_POINTPATH, A/B/A/B), the 3D L2 prefetch
# (ETAGE_DEV_PF3) and the tensor maps' L2 promotion (ETAGE_DEV_PROMO); ncu of the default kernel
# with and without the point path.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/a; mkdir -p $R
B=$D/perf/bench_dev
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # tag filter [VAR=value ...]
  local tag=$1 f=$2; shift 2
  env "$@" ETAGE_BENCH_MIB=1024,2048 timeout 150 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 \
    --benchmark_filter="$C|$f" --benchmark_out=$R/$tag.json --benchmark_out_format=json > $R/$tag.log 2>&1
  echo "== $tag ($*) exit $?"
  python3 perf/report_memory.py $R/$tag.json $R/x | grep -E '^\| (Stencil|Copy)' | grep -v error | cut -c1-120
}
K='BM_Stencil3D<BulkTensor>/stages:3/|BM_Stencil3D<BulkTensor 8x128 3/SM>/stages:6/'
{ nvidia-smi -L; date -u
run main 'BM_Stencil3D<(Synchronous|RegisterDoubleBuffer|CpAsync|BulkTensor)>/stages:[123]/|BM_Stencil3D<[A-Za-z]+ (16x128|8x128|24x128)|BM_KokkosRuns<Stencil3D>'
for round in 1 2; do
  run new-$round "$K"
  run pointpath-$round "$K" ETAGE_DEV_POINTPATH=1
done
for k in 1 2 4; do run pf$k "$K" ETAGE_DEV_PF3=$k; done
for p in 256 0; do run promo$p "$K|BM_Stencil2D<BulkTensor>/stages:4/" ETAGE_DEV_PROMO=$p; done
date -u
M="lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,smsp__inst_executed_op_local_ld.sum,smsp__inst_executed_op_local_st.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,launch__registers_per_thread,launch__occupancy_limit_registers"
for v in new pointpath; do
  e=""; [ $v = pointpath ] && e="ETAGE_DEV_POINTPATH=1"
  env $e ETAGE_BENCH_MIB=1024 timeout 120 ncu --clock-control none --launch-skip 2 --launch-count 1 --kernel-name regex:Stencil3DKernel --section SpeedOfLight --metrics $M \
    $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter='BM_Stencil3D<BulkTensor>/stages:3/' > $R/ncu-$v.log 2>&1
  echo "== ncu $v rc=$?"; grep -E "Duration|DRAM Throughput|L2 Cache Throughput|lts__|dram__|smsp__|sm__|launch__" $R/ncu-$v.log | head -16
done
date -u; } 2>&1 | tee $R/summary.txt
rm -rf $R/x*
