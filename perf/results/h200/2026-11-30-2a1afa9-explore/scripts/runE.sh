#!/usr/bin/env bash
# Session 14 run E (3b24d27 + scripts/dev_switches_runE.py): the 3D stencil's league order with
# the z range fastest (ETAGE_DEV_ZFIRST=1: the teams that start together spread over all z
# ranges) against the block fastest (committed: they start in one or two ranges), A/B/A/B
# processes; then z-first with other range counts (ETAGE_DEV_RANGES).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/e; mkdir -p $R
B=$D/perf/bench_dev
C='BM_Copy/bytes:[0-9]+/|BM_Copy/bytes:[0-9]+$'
F='BM_Stencil3D<(BulkTensor|CpAsync)>/stages:[23]/|BM_Stencil3D<BulkTensor 8x128'
run() {  # tag [VAR=value ...]
  local tag=$1; shift
  env "$@" ETAGE_BENCH_MIB=1024,2048 timeout 120 $B --benchmark_repetitions=2 --benchmark_min_time=0.1 \
    --benchmark_filter="$C|$F" --benchmark_out=$R/$tag.json --benchmark_out_format=json > $R/$tag.log 2>&1
  echo "== $tag ($*) exit $?: $(python3 perf/report_memory.py $R/$tag.json $R/x | grep -E '^\| Stencil3D' | awk -F'|' '{split($3,a,"/"); printf "%s%s%s;", a[1], $4, $6}')"
}
{ nvidia-smi -L; date -u
for round in 1 2; do run block-$round; run zfirst-$round ETAGE_DEV_ZFIRST=1; done
for n in 4 8 16 32; do run zfirst-r$n ETAGE_DEV_ZFIRST=1 ETAGE_DEV_RANGES=$n; done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
rm -rf $R/x*
