#!/usr/bin/env bash
# Session 15 run L (the run K binary): short z ranges (8 or 16 planes per team) for the default
# block and the 128-thread blocks 5 and 9, with and without stores, alternating with a copy:
# does concentrating the resident teams on fewer planes speed the reads?
set -u
D=$PWD/build/dev
R=$OUT/l; mkdir -p $R
P=$D/perf/stencil3d_probe
{ nvidia-smi -L; date -u
for spec in "640x640x640 40 80" "808x808x808 50 101"; do
  set -- $spec
  PROBE_REPS=15 $P $1 base b-r$2:0:ETAGE_DEV_RANGES=$2 b-r$3:0:ETAGE_DEV_RANGES=$3 \
    ns:0:ETAGE_DEV_NOSTORE=1 ns-r$2:0:ETAGE_DEV_NOSTORE=1\;ETAGE_DEV_RANGES=$2 ns-r$3:0:ETAGE_DEV_NOSTORE=1\;ETAGE_DEV_RANGES=$3 \
    t9:9 t9-r$2:9:ETAGE_DEV_RANGES=$2 t9-r$3:9:ETAGE_DEV_RANGES=$3 t5-r$2:5:ETAGE_DEV_RANGES=$2 t5-r$3:5:ETAGE_DEV_RANGES=$3
done
nvidia-smi -L; date -u; } 2>&1 | tee $R/summary.txt
