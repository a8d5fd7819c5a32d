#!/usr/bin/env bash
# Session 21 run 3: DRAM and L2 bytes (Nsight Compute, as in runs 1 and 2) of one sweep at 808^3
# and 640^3 with 2, 4 and 5 teams per slot (probe_s21b_tps*; f233f5d with stripes), against the
# library's 3 (probe_s21b_base): do the DRAM reads beyond the grid's bytes grow with the planes
# per team (the teams that share halo rows drifting apart)?
# Device command: bash perf/results/h200/2026-12-02-c1b1ba4-explore/scripts/run3.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run3; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
{ nvidia-smi -L; date -u
for shape in 808x808x808 640x640x640; do for v in s21b_base s21b_tps2 s21b_tps4 s21b_tps5 s21_base; do
  echo "== ncu $shape block 0 probe_$v"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/probe_$v $shape 0 > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","lts","gpu"))]' $R/ncu.csv
done; done
rm -f $R/ncu.csv
date -u; } 2>&1 | tee $R/summary.txt
