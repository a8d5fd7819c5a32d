#!/usr/bin/env bash
# Session 20 run 3: on 73f645b (the hoisted output offsets in the library; probe_h_*), the
# demotion while streaming (lagdemote) with 8 and 16 planes, and 24 demoted planes, against
# 73f645b as committed (probe_h_demote48) and 34618ee (probe_main), alternating processes, three
# rounds, 640^3 and 808^3 floats, 60 samples of 8 queued calls.
# Device command: bash perf/results/h200/2026-12-01-34618ee-explore/scripts/run3.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run3; mkdir -p $R
S=640x640x640,808x808x808
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  for v in main h_demote48 h_lagdemote_demote8 h_lagdemote_demote16 h_demote24; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
