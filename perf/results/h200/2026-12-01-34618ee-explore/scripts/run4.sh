#!/usr/bin/env bash
# Session 20 run 4: the stripe league order (make_tree.py stripe:P) on 95021f5 (the ed9d304
# kernels; probe_e_*) against that tree as committed (probe_e_base), alternating processes, three
# rounds, 640^3 (one stripe: the library's order), 808^3 and 404x808x808 floats. First a check of
# the mapping: in the stripe binaries block 1 (no hint, so no resident count: stripes of one block,
# another order) must write what block 0 writes (maxdiff 0).
# Device command: bash perf/results/h200/2026-12-01-34618ee-explore/scripts/run4.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run4; mkdir -p $R
{ nvidia-smi -L; date -u
for v in e_stripe100 e_stripe90; do
  echo "== check probe_$v"; PROBE_REPS=2 $B/probe_$v 808x808x808 0 1
done
S=640x640x640,808x808x808,404x808x808
for round in 1 2 3; do
  for v in e_base e_stripe100 e_stripe90; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
