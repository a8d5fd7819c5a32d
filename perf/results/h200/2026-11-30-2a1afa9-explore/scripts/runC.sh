#!/usr/bin/env bash
# Session 14 run C (the working tree with Stencil3DSidesKernel + scripts/dev_switches_runC.py):
# the 3D stencil with side boxes (ETAGE_DEV_SIDES=1: box rows start on the block's 128-byte
# line, the column neighbours in BO x V side boxes) against the 32-byte column halo, A/B/A/B
# processes; ncu L2 requests of both. (RUN_TAG names the output folder; NCU_ONLY=1 skips the
# benchmark half: run D.)
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/${RUN_TAG:-c}; mkdir -p $R
B=$D/perf/bench_dev
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_Stencil3D<(BulkTensor|CpAsync)>/stages:[34]/|BM_Stencil3D<[A-Za-z]+ (16x128|12x128|24x128)|BM_Stencil2D<BulkTensor>/stages:4/'
run() {  # tag [VAR=value ...]
  local tag=$1; shift
  env "$@" ETAGE_BENCH_MIB=1024,2048 timeout 150 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 \
    --benchmark_filter="$C|$F" --benchmark_out=$R/$tag.json --benchmark_out_format=json > $R/$tag.log 2>&1
  echo "== $tag ($*) exit $?"
  python3 perf/report_memory.py $R/$tag.json $R/x | grep -E '^\| Stencil' | cut -c1-120
}
M="lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed,lts__xbar2lts_cycles_active.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,launch__registers_per_thread"
prof() {  # tag kernel-regex filter [VAR=value]
  env ${4:-} ETAGE_BENCH_MIB=1024 timeout 100 ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 \
    --kernel-name "regex:$2" --metrics $M $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$3" > $R/ncu-$1.log 2>&1
  echo "== ncu $1 rc=$?"; grep -E "lts__|dram__|gpu__|launch__" $R/ncu-$1.log | cut -c1-110
}
{ nvidia-smi -L; date -u
[ -n "${NCU_ONLY:-}" ] || for round in 1 2; do run halo32-$round; run sides-$round ETAGE_DEV_SIDES=1; done
prof halo32-16x128-3 'Stencil3DKernel' 'BM_Stencil3D<BulkTensor>/stages:3/'
prof sides-16x128-3 'Stencil3DSidesKernel' 'BM_Stencil3D<BulkTensor>/stages:3/' ETAGE_DEV_SIDES=1
prof sides-16x128-4 'Stencil3DSidesKernel' 'BM_Stencil3D<BulkTensor 16x128 2/SM>/stages:4/' ETAGE_DEV_SIDES=1
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
rm -rf $R/x*
