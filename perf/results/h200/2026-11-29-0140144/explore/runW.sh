#!/usr/bin/env bash
# Out-of-line point paths as static functions taking the kernel by value (no local copy of the
# kernel per team?): local/global sector counts, and the stencil rows at 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/w; mkdir -p $R
B=$D/perf/etage_bench_memory
MET=l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
{
nvidia-smi -L
for cfg in "Stencil3DKernel BM_Stencil3D<BulkTensor>/stages:6/" "Stencil2DKernel BM_Stencil2D<BulkTensor>/stages:4/"; do
  set -- $cfg
  ETAGE_BENCH_MIB=1024 timeout 100 ncu --clock-control none --kernel-name-base demangled --launch-skip 1 --launch-count 1 --metrics $MET --kernel-name regex:$1 $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$2" > $R/ncu-$1.log 2>&1
  echo "ncu $1 rc=$?"; grep -E "__" $R/ncu-$1.log | head -20
done
ETAGE_BENCH_MIB=1024,2048 timeout 200 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Stencil(2|3)D<(BulkTensor|CpAsync)>' --benchmark_out=$R/s.json --benchmark_out_format=json > /dev/null 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/s.json $R/x 2>&1 | grep -E "^\| (Stencil)" | grep -v error | cut -c1-90
} 2>&1 | tee $R/summary.txt
