#!/usr/bin/env bash
# Session 11 run D (the binaries of run C): Nsight Compute on the Direct 3D stencil kernel
# (default 8x128 4/SM block, 8 planes per team, 640^3) and on the plain CUDA peer s3d_march
# (8 planes) at the same size: occupancy, instructions, stalls per SASS instruction.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/d; mkdir -p $R
B=$D/perf/etage_bench_memory
nvidia-smi -L | tee $R/summary.txt
S="--section SpeedOfLight --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats --section SourceCounters"
NCU="ncu --clock-control none --kernel-name-base demangled --launch-count 1"
ETAGE_BENCH_MIB=1024 timeout 150 $NCU --launch-skip 2 $S --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<Direct>/" > $R/ncu-direct3d.log 2>&1
echo "direct3d rc=$?" | tee -a $R/summary.txt
ETAGE_BENCH_MIB=1024 timeout 150 $NCU --launch-skip 2 --section WarpStateStats --section SourceCounters --page source --print-source sass --csv --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<Direct>/" > $R/ncu-direct3d-sass.csv 2> $R/ncu-direct3d-sass.err
echo "direct3d sass rc=$?" | tee -a $R/summary.txt
timeout 150 $NCU --launch-skip 77 $S --kernel-name regex:s3d_march $D/peers_stencil > $R/ncu-peer3d.log 2>&1
echo "peer3d rc=$?" | tee -a $R/summary.txt
cd $OUT && tar -czf d.tgz d && rm -rf d
