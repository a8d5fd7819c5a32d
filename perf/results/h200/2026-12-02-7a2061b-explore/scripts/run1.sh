#!/usr/bin/env bash
# Session 23 run 1: the 3D runs kernel releasing its stage before the z terms and the store
# (probe_s23_early, commit 9e96e7b) against 7a2061b as committed (probe_s23_base), the default
# block, alternating processes: three rounds of 60 samples, then one long round of 200 samples
# each with nvidia-smi sampling power and SM clock every 100 ms; then Nsight Compute on one sweep
# of each at 808^3 (DRAM bytes, instructions, issue activity, SM clock).
# Device command: bash perf/results/h200/2026-12-02-7a2061b-explore/scripts/run1.sh build/s23pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
. "$(dirname "$0")/ncu23.sh"
BINS=${BINS:-probe_s23_base probe_s23_early}
# LONG (session 24; default: every binary of BINS): the binaries of the 200-sample round.
LONG=${LONG:-$BINS}
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  for b in $BINS; do
    echo "== $b round $round"; $B/$b 640x640x640,808x808x808 0
  done
done
for b in $LONG; do
  echo "== $b long round (200 samples)"
  nvidia-smi --query-gpu=timestamp,power.draw,clocks.sm,clocks.mem,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $R/smi_$b.csv &
  smi=$!
  PROBE_REPS=200 $B/$b 808x808x808 0
  kill $smi; wait $smi 2>/dev/null
  python3 - $R/smi_$b.csv <<'PY'
import sys, statistics
rows = [l.split(', ') for l in open(sys.argv[1]) if l.count(',') >= 4]
p = [float(r[1].split()[0]) for r in rows if r[1].split()[0].replace('.', '').isdigit()]
c = [float(r[2].split()[0]) for r in rows if r[2].split()[0].isdigit()]
hot = [(float(r[1].split()[0]), float(r[2].split()[0])) for r in rows if r[1].split()[0].replace('.', '').isdigit() and float(r[1].split()[0]) > 600]
print('smi samples %d, power median %.0f W max %.0f W, SM clock median %.0f MHz min %.0f; above 600 W: %d samples, their SM clock median %.0f MHz'
      % (len(p), statistics.median(p), max(p), statistics.median(c), min(c), len(hot), statistics.median([h[1] for h in hot]) if hot else 0))
PY
done
for b in $BINS; do ncu_sweep $b 0; done
date -u; } 2>&1 | tee $R/summary.txt
