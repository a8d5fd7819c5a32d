#!/usr/bin/env bash
# Session 11 run C (engine::Direct, DirectTile with a per-tile inside test, 3D edge runs out of
# line, Direct default 8x128 4/SM; dev-switch-direct.py): Direct blocks, blocks per 2D team
# (ETAGE_DEV_DBPT), z planes per 3D team (ETAGE_DEV_DPLANES).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/c; mkdir -p $R
B=$D/perf/etage_bench_memory
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
run() {  # name mib filter
  ETAGE_BENCH_MIB=$2 timeout 150 $B --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$3" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | cut -c1-110
}
{
nvidia-smi -L
date -u
run all-1g 1024 'BM_Stencil(2|3)D<(Direct|Direct .*)>|BM_Stencil3D<BulkTensor>/stages:2/'
for k in 2 4 8 16; do ETAGE_DEV_DBPT=$k run d2-bpt$k-1g 1024 "BM_Stencil2D<Direct>"; done
for z in 4 16 32 64; do ETAGE_DEV_DPLANES=$z run d3-z$z-1g 1024 "BM_Stencil3D<Direct>"; done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
cd $OUT && tar -czf c.tgz c && rm -rf c
