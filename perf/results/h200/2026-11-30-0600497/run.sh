#!/usr/bin/env bash
# The recorded device job at 0600497: tests, watchdog probe, memory-bound benchmarks at 1 and 2 GiB
# (perf/device_run.sh; 3 repetitions, 8 queued calls per sample).
set -u
D=$PWD/build/dev
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
OUT=$OUT/v ETAGE_SANITIZERS="" ETAGE_BENCHES=memory ETAGE_BUILD_DIR=$D timeout 540 bash perf/device_run.sh > $OUT/device_run.log 2>&1
echo "device_run exit $?"; head -12 $OUT/v/summary.txt
