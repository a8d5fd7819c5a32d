#!/usr/bin/env bash
# Session 19 run C: with the stage reads in the shared state space (probe_ab of run B), do the
# block choices of attempts 18-26 still hold? The default block (0: 16x128, 2 teams per SM, 3
# stages, evict_last + demotion) and the same block without the hint (5), 640^3 and 808^3, two
# processes with the variants in opposite orders, 60 samples of 8 calls. (The first attempt also
# named the probe's blocks 1 and 2, 8x256 and 4x512: their boxes exceed the bulk tensor copy's
# 256 elements per dimension and the probe stopped with UnsupportedEngine; removed.)
# Device command: bash perf/results/h200/2026-12-01-d32112a-explore/scripts/runC.sh build/devpack12/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/c; mkdir -p $R
S=640x640x640,808x808x808
{ nvidia-smi -L; date -u
echo "== probe_ab round 1"
PROBE_QUEUE=8 PROBE_REPS=60 $B/probe_ab $S default:0 nohint:5
echo "== probe_ab round 2"
PROBE_QUEUE=8 PROBE_REPS=60 $B/probe_ab $S nohint:5 default:0
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
