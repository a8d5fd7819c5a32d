#!/usr/bin/env bash
# Session 21 run 4: blocks of 8 rows x 240 floats (960-byte rows; 10 x 256 float boxes, BulkTensor's
# widest) against the default 16 x 128 in the same process (probe_s21b_rows240: f233f5d +
# make_tree21.py rows240; blocks 0 and 8: block 7, 240 consumer threads, is not whole warps, which BulkTensor refuses (UnsupportedEngine, seen in a first try)), three processes, 640^3 and 808^3; then DRAM bytes of
# one sweep of blocks 0 and 8 at 808^3 (Nsight Compute as in runs 1-3).
# Device command: bash perf/results/h200/2026-12-02-c1b1ba4-explore/scripts/run4.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run4; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  echo "== probe_s21b_rows240 round $round"; $B/probe_s21b_rows240 640x640x640,808x808x808 0 8
done
for block in 0 8; do
  echo "== ncu 808x808x808 block $block probe_s21b_rows240"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/probe_s21b_rows240 808x808x808 $block > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","lts","gpu"))]' $R/ncu.csv
done
rm -f $R/ncu.csv
date -u; } 2>&1 | tee $R/summary.txt
