#!/usr/bin/env bash
# Session 18 run E: the library at c3598a4 (library_probe.py): its default 3D block (block 0:
# evict_last input boxes, the last wave demoting 48 planes) against the former default block
# (block 5, no hint), with the L2-resident copy after each and after a reset. Four shapes, two
# processes with the shapes in opposite orders. Device command:
#   bash perf/results/h200/2026-12-01-e4b2450-explore/scripts/runE.sh build/dev6/probe_lib_c3598a4
set -u
BIN=$1
R=$OUT/e; mkdir -p $R
S1=640x640x640,808x808x808,1280x640x640,404x808x808
S2=404x808x808,1280x640x640,808x808x808,640x640x640
{ nvidia-smi -L; date -u
echo "== probe_lib_c3598a4"
PROBE_QUEUE=8 $BIN $S1 default:0 nohint:5
PROBE_QUEUE=8 $BIN $S2 nohint:5 default:0
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
