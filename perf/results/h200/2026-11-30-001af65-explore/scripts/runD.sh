#!/usr/bin/env bash
# Session 17 run D: which extent makes 808^3 read below 640^3? Session 16's clean probes
# (run II's binaries, default block) over grids that change one extent of 808^3 at a time
# (nz x ny x nx), 8 queued calls per sample, alternating the two probes.
# Device command: tar -xzf build/devpack/dev.tgz -C build && bash build/dev/runD.sh
set -u
D=$PWD/build/dev
R=$OUT/d; mkdir -p $R
S=808x808x808,808x808x768,808x808x832,808x768x808,808x832x808,768x808x808,832x808x808,832x832x832,640x640x640
{ nvidia-smi -L; date -u
for round in 1 2; do
  for p in clean evict_last_1_0; do
    echo "probe $p"
    PROBE_QUEUE=8 PROBE_REPS=9 $D/perf/probe3_$p $S base 2>&1 | grep "fraction"
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
