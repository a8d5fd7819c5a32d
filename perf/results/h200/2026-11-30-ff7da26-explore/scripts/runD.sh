#!/usr/bin/env bash
# Session 13 run D: the tests binary of the fa11559 snapshot under compute-sanitizer memcheck,
# racecheck and synccheck over the stencil cases that run the 32-byte column halo: the default
# blocks ("[defaults]"), StencilTile's HaloBytes 32 and 48 ("[halo-bytes]"), and the 2D/3D edge
# shapes ("[2d]", "[3d]").
set -u
D=$PWD/build/dev
R=$OUT/d; mkdir -p $R
{
nvidia-smi -L; date -u
for tool in memcheck racecheck synccheck; do
  timeout 170 compute-sanitizer --tool $tool --error-exitcode 99 $D/tests/etage_tests "[defaults],[halo-bytes],[2d],[3d]" --reporter compact > $R/$tool.log 2>&1
  echo "$tool exit $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/$tool.log | tail -1) | $(grep -E '^(All tests passed|test cases:)' $R/$tool.log | tail -1)"
  date -u
done
} 2>&1 | tee $R/summary.txt
