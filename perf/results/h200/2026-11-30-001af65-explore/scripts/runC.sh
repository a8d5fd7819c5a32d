#!/usr/bin/env bash
# Session 17 run C: session 16's clean stencil probes (unpatched ea3d281 tree; evict_last 1.0
# boxes or none; run II's binaries) under the default L2 set-aside and under 0 (L2_LIMIT via
# scripts/l2_limit_shim.cpp), 8 queued calls per sample, with run II's resident 32 MiB sum.
# Device command: tar -xzf build/devpack/dev.tgz -C build && bash build/dev/runC.sh
set -u
D=$PWD/build/dev
R=$OUT/c; mkdir -p $R
{ nvidia-smi -L; date -u
for round in 1 2; do
  for lim in default 0; do
    for p in clean evict_last_1_0; do
      echo "probe $p L2_LIMIT=$lim"
      if [ $lim = default ]; then pre=""; else pre="env LD_PRELOAD=$D/l2_limit_shim.so L2_LIMIT=$lim"; fi
      $pre env PROBE_QUEUE=8 PROBE_L2SUM=1 PROBE_REPS=15 $D/perf/probe3_$p 640x640x640,808x808x808 base 2>&1 | grep "fraction\|^l2sum\|shim"
    done
  done
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
