#!/usr/bin/env bash
# Session 18 run H: does a longer timed run (as in the benchmark: >= 0.3 s per row) read lower than
# the probe's short one (15 samples of 8 calls, about 70 ms at 640^3)? Run G's nvidia-smi samples
# showed the board at its 700 W cap, with SM clocks down to 1455-1800 MHz, within half a second
# of sweeps. The probe of run G (random_probe.py on c3598a4, pattern input) with PROBE_REPS 15
# and 150, alternating, at 640^3 and 808^3; nvidia-smi samples every 100 ms. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runH.sh build/dev9/probe_random
set -u
BIN=$1
R=$OUT/h; mkdir -p $R
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
{ nvidia-smi -L; date -u
for round in 1 2; do
  for reps in 15 150; do
    echo "== reps $reps $(date -u +%T.%N)"; PROBE_REPS=$reps PROBE_QUEUE=8 $BIN 640x640x640,808x808x808 default:0 nohint:5
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
kill $SMI
