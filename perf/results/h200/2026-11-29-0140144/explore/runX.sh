#!/usr/bin/env bash
# 3D edge blocks take guarded 16-byte runs (and 2D's point path is a static function taking the
# kernel by value): whole GPU suite, stencil rows at 1 and 2 GiB, ncu sector counts of the 3D kernel.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/x; mkdir -p $R
B=$D/perf/etage_bench_memory
{
nvidia-smi -L
$D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
ETAGE_BENCH_MIB=1024,2048 timeout 200 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:(1073741824|2147483648)/|BM_Copy/bytes:(1073741824|2147483648)$|BM_Stencil(2|3)D<(BulkTensor|CpAsync)' --benchmark_out=$R/s.json --benchmark_out_format=json > /dev/null 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/s.json $R/r 2>&1 | grep -E "^\| (Stencil)" | grep -v error | cut -c1-90
MET=l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
ETAGE_BENCH_MIB=1024 timeout 100 ncu --clock-control none --kernel-name-base demangled --launch-skip 1 --launch-count 1 --metrics $MET --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<BulkTensor>/stages:6/" > $R/ncu-3d.log 2>&1
echo "ncu rc=$?"; grep -E "__" $R/ncu-3d.log | head -20
} 2>&1 | tee $R/summary.txt
