#!/usr/bin/env bash
# Session 19 run B: the library's default 3D stencil with the shared-space stage reads and the
# hoisted output offsets (ab: the working tree after d32112a), against d32112a (base), and two store
# variants on top of ab: a plain float4 assignment (c1, st.global.v4) and __stcg (c2,
# st.global.cg.v4) instead of __stwb (st.global.wb.v4). SASS store flavours of each cubin first.
# Then the clean probe in alternating processes: two rounds of 60 samples of 8 queued calls, and
# a long round (200 samples, base and ab) to see the board at its power cap.
# Device command: bash perf/results/h200/2026-12-01-d32112a-explore/scripts/runB.sh build/devpack12/pack.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bin
R=$OUT/b; mkdir -p $R
for c in ab c1 c2; do
  cuobjdump -sass $B/k3d_$c.cubin > $W/sass-$c.txt 2>&1
  python3 $(dirname "$0")/sass_counts.py $W/sass-$c.txt
done 2>&1 | tee $R/sass-counts.txt
S=640x640x640,808x808x808
{ nvidia-smi -L; date -u
for round in 1 2; do
  for c in base ab c1 c2; do
    echo "== probe_$c round $round"
    PROBE_QUEUE=8 PROBE_REPS=60 $B/probe_$c $S default:0
  done
done
for c in base ab base ab; do
  echo "== probe_$c long"
  PROBE_QUEUE=8 PROBE_REPS=200 $B/probe_$c $S default:0
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
