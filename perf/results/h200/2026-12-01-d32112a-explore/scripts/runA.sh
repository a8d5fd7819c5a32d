#!/usr/bin/env bash
# Session 19 run A: the library's 3D stencil kernel with the ring's stage reads in the shared
# state space (StageBuffer assumes its team-scratch pointer is shared, __isShared), against
# d32112a, and with the runs' output offsets hoisted as well. SASS of the default kernel's
# instantiations first (LDS against generic LD), then the clean probe (library_probe.py's, block 0 =
# the library default) in alternating processes, 60 samples of 8 queued calls. (The SASS count
# was inline here when it ran; moved to sass_counts.py after, with a store count added.)
# Device command: bash perf/results/h200/2026-12-01-d32112a-explore/scripts/runA.sh build/devpack11/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/a; mkdir -p $R
for c in base shared; do
  cuobjdump -sass $B/k3d_$c.cubin > $R/sass-$c.txt 2>&1
  python3 $(dirname "$0")/sass_counts.py $R/sass-$c.txt
done 2>&1 | tee $R/sass-counts.txt
S=640x640x640,808x808x808
{ nvidia-smi -L; date -u
for round in 1 2; do
  for c in base shared shared_col; do
    echo "== probe_$c round $round"
    PROBE_QUEUE=8 PROBE_REPS=60 $B/probe_$c $S default:0
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
