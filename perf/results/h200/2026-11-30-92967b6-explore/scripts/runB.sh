#!/usr/bin/env bash
# Session 11 run B (92967b6 + engine::Direct, first version + dev-switch-direct.py with its
# first variant rows: Direct 16x128, 4x128 128t, 8x128 4/SM, 8x64 128t, 16x128 512t): the
# whole GPU test suite, then the Direct engine against the staged defaults: Direct blocks,
# blocks per 2D team (ETAGE_DEV_DBPT), z planes per 3D team (ETAGE_DEV_DPLANES), 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/b; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 150 $B --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | cut -c1-110
}
{
nvidia-smi -L
date -u
timeout 240 $D/tests/etage_tests > $R/tests.log 2>&1; echo "tests exit $?"; tail -3 $R/tests.log
S='BM_Stencil(2|3)D<(Direct|Direct .*)>|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
run all-1g 1024 "$S|BM_Transpose<Direct>|BM_Reduce<Direct>"
run all-2g 2048 "$S"
for k in 2 4; do ETAGE_DEV_DBPT=$k run d2-bpt$k-1g 1024 'BM_Stencil2D<Direct>'; done
for z in 4 16 32; do ETAGE_DEV_DPLANES=$z run d3-z$z-1g 1024 'BM_Stencil3D<Direct>'; done
for z in 4 16; do ETAGE_DEV_DPLANES=$z run d3-z$z-2g 2048 'BM_Stencil3D<Direct>'; done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
cd $OUT && tar -czf b.tgz b && rm -rf b
