#!/usr/bin/env bash
# Session 21 run 1 (base c1b1ba4; binaries from ../../2026-12-01-34618ee-explore/scripts/build_trees.sh
# with PREFIX=s21_ VARIANTS="base stripe:100"):
#  1. Nsight Compute: DRAM bytes read and written, L2 sectors read and written, and time, of one
#     etage::stencil_3d sweep (the default block 0, and block 1 without the L2 hint) at 808^3 and
#     640^3, against the bytes a sweep must move (nz*ny*nx*4 each way). One launch each
#     (--launch-skip 1: the second Stencil3D launch, block N's own check run), caches flushed
#     before it (ncu's default --cache-control all), clocks left alone.
#  2. Timing: probe_s21_base against probe_s21_stripe100 in alternating processes, three rounds,
#     at 640^3, 808^3 and two grids whose x extent is a multiple of the block's 128 columns
#     (808x808x768, 808x800x768): does the partial block column of 808 cost?
# Device command: bash perf/results/h200/2026-12-02-c1b1ba4-explore/scripts/run1.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
{ nvidia-smi -L; date -u
for shape in 808x808x808 640x640x640; do
  for block in 0 1; do
    echo "== ncu $shape block $block"
    PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
      -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
      $B/probe_s21_base $shape $block > $R/ncu-$shape-$block.csv 2>&1
    python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","lts","gpu"))]' $R/ncu-$shape-$block.csv
    grep -E "==ERR|==WARN" $R/ncu-$shape-$block.csv | head -3
  done
done
S=640x640x640,808x808x808,808x808x768,808x800x768
for round in 1 2 3; do
  for v in s21_base s21_stripe100; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
