#!/usr/bin/env bash
# Session 11 run G: the tensor-map acquire fence of each team's first bulk tensor copy: .sys scope (bench_base, 92967b6), .gpu scope (bench_gpufence), none (bench_nofence, measurement only)
# A/B/C/A/B/C processes on one GPU: transpose BulkTensor/2 (64x64), sum BulkTensor/2,
# 2D stencil BulkTensor/4 and 3D stencil BulkTensor/2 (default blocks), 1 and 2 GiB.
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/g; mkdir -p $R
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_Transpose<BulkTensor>/stages:2/|BM_Reduce<BulkTensor>/stages:2/|BM_Stencil2D<BulkTensor>/stages:4/|BM_Stencil3D<BulkTensor>/stages:2/'
run() {  # name binary mib
  ETAGE_BENCH_MIB=$3 timeout 150 $D/perf/$2 --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_filter="$C|$F" --benchmark_out=$R/$1.json --benchmark_out_format=json > $R/$1.log 2>&1
  echo "== $1 (exit $?)"; python3 perf/report_memory.py $R/$1.json $R/x 2>&1 | grep -E "^\| (Transpose|Stencil|Reduce)" | cut -c1-100
}
{
nvidia-smi -L
date -u
for round in 1 2; do
  for v in base gpufence nofence; do
    for mib in 1024 2048; do run $v-$mib-r$round bench_$v $mib; done
  done
done
date -u
} 2>&1 | tee $R/summary.txt
cd $R && rm -rf x*
cd $OUT && tar -czf g.tgz g && rm -rf g
