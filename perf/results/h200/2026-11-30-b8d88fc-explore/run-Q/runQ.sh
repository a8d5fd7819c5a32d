#!/usr/bin/env bash
# Session 10 run Q (b8d88fc; the bench of run P, switch unset): where the consumer warps of the
# default 3D and 2D stencil kernels stall, per SASS instruction (ncu warp-state sampling).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/q; mkdir -p $R
B=$D/perf/etage_bench_memory
nvidia-smi -L | tee $R/summary.txt
NCU="ncu --clock-control none --kernel-name-base demangled --launch-skip 2 --launch-count 1 --section WarpStateStats --section SourceCounters"
ETAGE_BENCH_MIB=1024 timeout 150 $NCU --page source --print-source sass --csv --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<BulkTensor>/stages:2/" > $R/ncu-3d-sass.csv 2> $R/ncu-3d.err
echo "3d sass rc=$? lines $(wc -l < $R/ncu-3d-sass.csv)" | tee -a $R/summary.txt
ETAGE_BENCH_MIB=1024 timeout 150 $NCU --kernel-name regex:Stencil3DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil3D<BulkTensor>/stages:2/" > $R/ncu-3d-details.log 2>&1
echo "3d details rc=$?" | tee -a $R/summary.txt
ETAGE_BENCH_MIB=1024 timeout 150 $NCU --page source --print-source sass --csv --kernel-name regex:Stencil2DKernel $B --benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_filter="BM_Stencil2D<BulkTensor>/stages:4/" > $R/ncu-2d-sass.csv 2> $R/ncu-2d.err
echo "2d sass rc=$? lines $(wc -l < $R/ncu-2d-sass.csv)" | tee -a $R/summary.txt
cd $R && tar czf $OUT/q-all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete
