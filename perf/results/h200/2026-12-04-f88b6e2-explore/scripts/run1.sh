#!/usr/bin/env bash
# Session 24 run 1: the make_tree24.py variants of the 3D runs kernel against f88b6e2 as
# committed (probe_s24_base), the default block (block 0), alternating processes: three rounds
# at 640^3 and 808^3 (60 samples of 8 queued calls each), one 200-sample round at 808^3 for the
# base and the shortest-loop binary (rowpair+ptrbump) with nvidia-smi sampling power and SM
# clock; then Nsight Compute on one sweep of each binary at 808^3. These are session 23's run 1
# steps (its run1.sh, with BINS and LONG set here); output in $OUT/run1. Every binary also
# prints block 0's max difference to a plain MDRangePolicy sweep ("refcheck").
# Device command: bash perf/results/h200/2026-12-04-f88b6e2-explore/scripts/run1.sh build/s20pack/pack.tar.xz
BINS=${BINS:-probe_s24_base probe_s24_nostart probe_s24_rowpair probe_s24_rowpair_ptrbump probe_s24_stlast} \
LONG=${LONG:-probe_s24_base probe_s24_rowpair_ptrbump} \
  exec bash "$(dirname "$0")/../../2026-12-02-7a2061b-explore/scripts/run1.sh" "$@"
