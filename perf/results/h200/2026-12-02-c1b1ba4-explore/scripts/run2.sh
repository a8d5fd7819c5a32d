#!/usr/bin/env bash
# Session 21 run 2: the stripe league order as committed (STRIPE_COMMIT; binaries probe_s21b_*,
# built by ../../2026-12-01-34618ee-explore/scripts/build_trees.sh with MAKE_TREE=make_tree21.py,
# PREFIX=s21b_, VARIANTS="base tps:2 tps:4 tps:5 ymajor", then "tps:0") against run 1's c1b1ba4 binary
# (probe_s21_base):
#  1. Nsight Compute as in run 1 (DRAM and L2 bytes of one sweep, block 0) for probe_s21b_base, and
#     for probe_s21b_tps0 (one z range per block: no plane is loaded by two teams, so what DRAM
#     reads beyond the grid's bytes comes from the halo rows and columns alone);
#  2. timing in alternating processes, three rounds, 640^3 and 808^3: the library's order before
#     (s21_base) and with stripes (s21b_base), and with stripes: 2, 4 or 5 teams per slot instead
#     of 3 (808^3: 6, 11, 14 z ranges instead of 8; 640^3: 10, 19, 24 instead of 15), and the
#     blocks numbered y-fastest (ymajor).
# Device command: bash perf/results/h200/2026-12-02-c1b1ba4-explore/scripts/run2.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run2; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
{ nvidia-smi -L; date -u
for shape in 808x808x808 640x640x640; do for v in s21b_base s21b_tps0; do
  echo "== ncu $shape block 0 probe_$v"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/probe_$v $shape 0 > $R/ncu-$shape-$v.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","lts","gpu"))]' $R/ncu-$shape-$v.csv
done; done
S=640x640x640,808x808x808
for round in 1 2 3; do
  for v in s21_base s21b_base s21b_tps2 s21b_tps4 s21b_tps5 s21b_ymajor; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
