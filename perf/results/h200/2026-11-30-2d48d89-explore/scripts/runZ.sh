#!/usr/bin/env bash
# Session 16 run Z (ea3d281 + scripts/dev_switches_runZ.py): each consumer warp releasing its
# stage before it computes (ETAGE_DEV_EARLY=1, an upper bound of an early release, not a correct
# program), for the stencil and for the ring as a copy, against the default; round 1 checks each
# variant's output against the default's.
set -u
D=$PWD/build/dev
R=$OUT/z; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
PROBE_CHECK=1 PROBE_REPS=15 $P 640x640x640,808x808x808 base early:0:ETAGE_DEV_EARLY=1 copy:0:ETAGE_DEV_COPY=1 \
  copyearly:0:ETAGE_DEV_COPY=1\;ETAGE_DEV_EARLY=1 nostore:0:ETAGE_DEV_NOSTORE=1 earlyld2:0:ETAGE_DEV_EARLY=1\;ETAGE_DEV_LD=2 base2
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
