#!/usr/bin/env bash
# Session 17 run A: the L2 after-effect of an evict_last stream (l2_after_effect.cu), one
# condition per process, alternating with the plain condition N. Device command:
#   bash perf/results/h200/2026-11-30-001af65-explore/scripts/runA.sh build/dev2/l2_after_effect
set -u
BIN=$1
R=$OUT/a; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for c in N L N L+D N L+reset N L+read N L+sleep N; do $BIN $c; done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
