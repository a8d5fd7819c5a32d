#!/usr/bin/env bash
# Session 25's device call: run1.sh (the wide-box probe, build/s20pack/pack.tar.xz), then the
# library snapshot at 19a5366 (../../2026-12-05-19a5366/run.sh, build/devpack21/dev13.tar.xz)
# with what is left of the call's 600 s. Carry: build/s20pack build/devpack21.
# Device command: bash perf/results/h200/2026-12-05-f88b6e2-wide/scripts/both.sh
here=$(dirname "$0")
bash "$here/run1.sh" build/s20pack/pack.tar.xz > /dev/null 2>&1
tail -n 30 $OUT/run1/summary.txt
SNAPSHOT_TIMEOUT=${SNAPSHOT_TIMEOUT:-$((570 - SECONDS))} bash "$here/../../2026-12-05-19a5366/run.sh"
