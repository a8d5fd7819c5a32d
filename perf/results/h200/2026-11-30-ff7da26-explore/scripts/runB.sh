#!/usr/bin/env bash
# Session 13 run B: the stencil box's column halo widened from 16 to 32 bytes (bench_h32, built
# with -DETAGE_DEV_HALO_BYTES=32: box rows start on a 32-byte sector) against the committed 16
# bytes (bench_h16), A/B/A/B processes at 1 and 2 GiB; ncu L2 read requests and sectors per
# kernel (2D default and 16x120/4 in both builds, the sum's aligned boxes as reference).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/b; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_KokkosRuns|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/|BM_Stencil[23]D<BulkTensor (16x120|16x128|24x120|24x128)'
{
nvidia-smi -L; date -u
for round in 1 2; do
  for b in h16 h32; do
    ETAGE_BENCH_MIB=1024,2048 timeout 150 $D/perf/bench_$b --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/$b-$round.json --benchmark_out_format=json > $R/$b-$round.log 2>&1
    echo "$b round $round exit $?"
    python3 perf/report_memory.py $R/$b-$round.json $R/x | grep -E "^\| Stencil" | grep -v error | cut -c1-100
  done
  date -u
done
M="lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum"
NCU="ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 --section SpeedOfLight --metrics $M"
prof() {  # tag binary kernel-regex bench-filter
  ETAGE_BENCH_MIB=1024 timeout 100 $NCU --kernel-name "regex:$3" $D/perf/bench_$2 --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$4" > $R/ncu-$1.log 2>&1
  echo "== ncu $1 rc=$?"; grep -E "Duration|DRAM Throughput|L2 Cache Throughput|lts__|dram__" $R/ncu-$1.log | head -12
}
prof 2d-h16-default h16 Stencil2DKernel 'BM_Stencil2D<BulkTensor>/stages:4/'
prof 2d-h32-16x120 h32 Stencil2DKernel 'BM_Stencil2D<BulkTensor 16x120 2/SM>/stages:4/'
prof 2d-h16-16x120 h16 Stencil2DKernel 'BM_Stencil2D<BulkTensor 16x120 2/SM>/stages:4/'
prof 3d-h32-24x120 h32 Stencil3DKernel 'BM_Stencil3D<BulkTensor 24x120 2/SM>/stages:2/'
prof sum-bt2 h16 ReduceKernel 'BM_Reduce<BulkTensor>/stages:2/'
date -u
} 2>&1 | tee $R/summary.txt
rm -rf $R/x*
