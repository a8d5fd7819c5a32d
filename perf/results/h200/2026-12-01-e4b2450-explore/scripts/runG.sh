#!/usr/bin/env bash
# Session 18 run G: does the input's content change the 3D stencil's speed? random_probe.py on
# c3598a4: the library's default (block 0) and the former default (block 5) at 640^3 and 808^3,
# with the probe's pattern and with uniform random input (PROBE_RANDOM=1, the benchmark's
# fill), alternating processes; nvidia-smi samples SM clock and power every 100 ms meanwhile.
# Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runG.sh build/dev7/probe_random
set -u
BIN=$1
R=$OUT/g; mkdir -p $R
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
{ nvidia-smi -L; date -u
for round in 1 2; do
  echo "== pattern"; PROBE_QUEUE=8 $BIN 640x640x640,808x808x808 default:0 nohint:5
  echo "== random"; PROBE_RANDOM=1 PROBE_QUEUE=8 $BIN 640x640x640,808x808x808 default:0 nohint:5
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
kill $SMI
