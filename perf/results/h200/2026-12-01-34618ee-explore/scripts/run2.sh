#!/usr/bin/env bash
# Session 20 run 2: the demotion's plane count, an L2 prefetch for the last wave, and the hoisted
# offsets with 16 demoted planes, each against the library (probe_main, block 0) in alternating
# processes, three rounds, 640^3 and 808^3 floats, 60 samples of 8 queued calls.
# Device command: bash perf/results/h200/2026-12-01-34618ee-explore/scripts/run2.sh build/s20pack/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/run2; mkdir -p $R
S=640x640x640,808x808x808
{ nvidia-smi -L; date -u
for round in 1 2 3; do
  for v in main demote8 demote16 demote24 tailpf2 tailpf4 tailpf8 hoist hoist_demote16; do
    echo "== probe_$v round $round"; $B/probe_$v $S 0
  done
done
date -u; } 2>&1 | tee $R/summary.txt
