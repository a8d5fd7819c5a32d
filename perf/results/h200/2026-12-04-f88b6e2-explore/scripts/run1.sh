#!/usr/bin/env bash
# Session 24 run 1: the make_tree24.py variants of the 3D runs kernel against f88b6e2 as
# committed (probe_s24_base), the default block (block 0), alternating processes: three rounds
# at 640^3 and 808^3 (60 samples of 8 queued calls each), one 200-sample round at 808^3 for the
# base and the shortest-loop binary (rowpair+ptrbump) with nvidia-smi sampling power and SM
# clock; then Nsight Compute on one sweep of each binary at 808^3 (session 23's ncu23.sh). Every
# binary also prints block 0's max difference to a plain MDRangePolicy sweep ("refcheck").
# Device command: bash perf/results/h200/2026-12-04-f88b6e2-explore/scripts/run1.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run1; mkdir -p $R
. "$(dirname "$0")/../../2026-12-02-7a2061b-explore/scripts/ncu23.sh"
BINS=${BINS:-probe_s24_base probe_s24_nostart probe_s24_rowpair probe_s24_rowpair_ptrbump probe_s24_stlast}
LONG=${LONG:-probe_s24_base probe_s24_rowpair_ptrbump}
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
