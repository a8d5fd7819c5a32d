#!/usr/bin/env bash
# Session 16 run CC: on one H200, alternating processes: the d4f8315 snapshot's memory benchmark
# (the library's 3D stencil and the copy, 640^3) and run AA's probe (its default, no switches):
# does the patched probe tree's default read like the library's?
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/cc; mkdir -p $R
F='BM_Copy/bytes:2097152000/|BM_Stencil3D<BulkTensor>/stages:3/NZ:640/'
{ nvidia-smi -L; date -u
for i in 1 2 3; do
  $D/perf/etage_bench_memory --benchmark_filter="$F" --benchmark_repetitions=3 --benchmark_min_time=0.2 2>&1 | grep _median
  PROBE_REPS=15 $D/perf/stencil3d_probe 640x640x640 base base2
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
