#!/usr/bin/env bash
# Session 23 run 2: the default block marching y (make_tree23.py ymarch, block 12) against the
# same block marching z (block 0, the library's kernel) in one process, three processes at
# 640^3 and 808^3, one at 1280x640x640 and 404x808x808; block 12's output is compared with
# block 0's (maxdiff). Then Nsight Compute on one sweep of each at 808^3.
# Device command: bash perf/results/h200/2026-12-02-7a2061b-explore/scripts/run2.sh build/s23pack/pack.tar.xz
# RUN, BIN, BLOCK (default run2, probe_s23_ymarch, 12): the run's folder, binary and block (run3.sh).
set -u
RUN=${RUN:-run2} BIN=${BIN:-probe_s23_ymarch} BLOCK=${BLOCK:-12}
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/$RUN; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  echo "== $BIN round $round"; $B/$BIN 640x640x640,808x808x808 0 $BLOCK
done
echo "== $BIN other grids"; $B/$BIN 1280x640x640,404x808x808 0 $BLOCK
for block in 0 $BLOCK; do
  echo "== ncu 808x808x808 block $block $BIN"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/$BIN 808x808x808 $block > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' $R/ncu.csv
done
rm -f $R/ncu.csv
date -u; } 2>&1 | tee $R/summary.txt
