#!/usr/bin/env bash
# Session 17 run B: the evict_last stream under set-asides of 0, the default and the most
# (L2_LIMIT), and the stream access policy window (W). One condition per process, alternating.
#   bash perf/results/h200/2026-11-30-001af65-explore/scripts/runB.sh build/dev2/l2_after_effect
set -u
BIN=$1
R=$OUT/b; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for lim in default 0 max; do
    for c in N L W; do
      echo "== L2_LIMIT=$lim"
      if [ $lim = default ]; then $BIN $c; else L2_LIMIT=$lim $BIN $c; fi
    done
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
