#!/usr/bin/env bash
# Session 22 run 1: (a) the default block on 808 x 808 grids whose nx leaves a last block column
# of 40 (808), 0 (768, 896, 1024), 8 (776) or 64 (832) floats: is it the narrow column or the row
# pitch? (b) blocks 9-11 (make_tree22.py wide) against the default in one process; (c) Nsight
# Compute on the default at 808^3: DRAM bytes, instructions, issue activity, SM clock.
# Device command: bash perf/results/h200/2026-12-02-b959c1a-explore/scripts/run1.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second,sm__warps_active.avg.pct_of_peak_sustained_active
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  echo "== probe_s22_base shapes round $round"
  $B/probe_s22_base 808x808x808,808x808x768,808x808x776,808x808x832,808x808x896,808x808x1024 0
  echo "== probe_s22_wide round $round"
  $B/probe_s22_wide 640x640x640,808x808x808 0 9 10 11
done
for block in 0 10; do
  echo "== ncu 808x808x808 block $block probe_s22_wide"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/probe_s22_wide 808x808x808 $block > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' $R/ncu.csv
done
rm -f $R/ncu.csv
date -u; } 2>&1 | tee $R/summary.txt
