#!/usr/bin/env bash
# Session 18 run A: which lines an evict_last stream leaves persisting (l2_tail_demotion.cu, written by make_l2_tail_demotion.py), one
# condition per process, alternating with the plain condition N. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runA.sh build/dev6/l2_tail_demotion
set -u
BIN=$1
R=$OUT/a; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for c in N L N L+D N L+Dlast:4 N L+Dlast:16 N L+Dlast:48 N L+Dfirst:48 N L+Dfirst:1000 N L+reset; do $BIN $c; done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
