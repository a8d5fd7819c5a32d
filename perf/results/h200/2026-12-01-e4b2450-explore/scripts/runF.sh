#!/usr/bin/env bash
# Session 18 run F: the 2D stencil's default block with and without evict_last input boxes (no
# demotion in 2D), 16384^2 and 23168^2 floats, with the resident-copy test (stencil2d_probe.py on
# c3598a4). Two processes. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runF.sh build/dev7/stencil2d_probe
set -u
BIN=$1
R=$OUT/f; mkdir -p $R
{ nvidia-smi -L; date -u
$BIN 16384x16384,23168x23168
$BIN 23168x23168,16384x16384
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
