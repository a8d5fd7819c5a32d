#!/usr/bin/env bash
# Where the stencils' extra L2 write sectors come from (local memory vs global), 40a9e71.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/v; mkdir -p $R
B=$D/perf/etage_bench_memory
MET=l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed_op_global_st.sum,smsp__inst_executed_op_local_st.sum
{
nvidia-smi -L
for cfg in "Stencil3DKernel BM_Stencil3D<BulkTensor>/stages:6/" "Stencil2DKernel BM_Stencil2D<BulkTensor>/stages:4/" "TransposeKernel BM_Transpose<BulkTensor>/stages:2/"; do
  set -- $cfg
  ETAGE_BENCH_MIB=1024 timeout 100 ncu --clock-control none --kernel-name-base demangled --launch-skip 1 --launch-count 1 --metrics $MET --kernel-name regex:$1 $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$2" > $R/ncu-$1.log 2>&1
  echo "ncu $1 rc=$?"; grep -E "__|ERR|rror" $R/ncu-$1.log | head -20
  ETAGE_BENCH_MIB=1024 timeout 100 ncu --clock-control none --kernel-name-base demangled --launch-skip 1 --launch-count 1 --section MemoryWorkloadAnalysis_Tables --kernel-name regex:$1 $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="$2" > $R/ncu-tables-$1.log 2>&1
  echo "tables rc=$?"
done
} 2>&1 | tee $R/summary.txt
