#!/usr/bin/env bash
# Session 14 run F (the tests binary of d4f8315 plus the test fix that followed): compute-sanitizer memcheck, racecheck and
# synccheck over the stencil cases of the new 3D block choice and kernels; first the whole suite
# once (the snapshot's run failed one test case on a host copy, fixed in the test).
set -u
D=$PWD/build/dev
R=$OUT/f; mkdir -p $R
{ nvidia-smi -L; date -u
timeout 200 $D/tests/etage_tests --reporter compact > $R/tests.log 2>&1
echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
for tool in memcheck racecheck synccheck; do
  timeout 110 compute-sanitizer --tool $tool --error-exitcode 99 $D/tests/etage_tests "[defaults],[3d],[interior]" --reporter compact > $R/$tool.log 2>&1
  echo "$tool exit $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/$tool.log | tail -1) | $(grep -E '^(All tests passed|test cases:)' $R/$tool.log | tail -1)"
done; date -u; } 2>&1 | tee $R/summary.txt
