#!/usr/bin/env bash
# Session 22 run 2: the BulkTensor waits with a suspendTimeHint (make_tree22.py suspend:N) against
# b959c1a as committed, alternating processes, three rounds, 640^3 and 808^3, the default block;
# then Nsight Compute on one sweep of each at 808^3 (instructions, issue activity, SM clock, DRAM).
# Device command: bash perf/results/h200/2026-12-02-b959c1a-explore/scripts/run2.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run2; mkdir -p $R
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  for b in probe_s22_base probe_s22_suspend10000000 probe_s22_suspend100000; do
    echo "== $b round $round"; $B/$b 640x640x640,808x808x808 0
  done
done
for b in probe_s22_base probe_s22_suspend10000000 probe_s22_suspend100000; do
  echo "== ncu 808x808x808 block 0 $b"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/$b 808x808x808 0 > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' $R/ncu.csv
done
rm -f $R/ncu.csv
date -u; } 2>&1 | tee $R/summary.txt
