# Session 23: sourced by run1.sh and run2.sh. ncu_sweep BINARY BLOCK: Nsight Compute on the second
# Stencil3DKernel launch of `$B/BINARY 808x808x808 BLOCK` (one sweep; the first launch is the
# probe's reference), printing the metrics in $M (DRAM bytes, time, instructions, issue activity,
# SM clock) as "name unit value" lines under an "== ncu" header. Uses $B, $R and $M.
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second
ncu_sweep() {
  echo "== ncu 808x808x808 block $2 $1"
  PROBE_REPS=1 PROBE_QUEUE=1 timeout 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:Stencil3DKernel --launch-skip 1 --launch-count 1 --metrics $M --csv \
    $B/$1 808x808x808 $2 > $R/ncu.csv 2>&1
  python3 -c 'import csv,sys; [print(r[-3], r[-2], r[-1]) for r in csv.reader(open(sys.argv[1])) if len(r) > 3 and r[-3].startswith(("dram","sm","gpu"))]' $R/ncu.csv
  rm -f $R/ncu.csv
}
