#!/usr/bin/env bash
# GPU check at eb13ae5 (the review's test additions and a debug-only assertion after the c3598a4
# snapshot): the tests binary of a fresh-clone `.ci/run` build here (build/cuda of that clone,
# Release, sm_90), stripped, packed as build/devpack10/dev10.tar.xz and unpacked to build/dev10.
# The whole suite, then compute-sanitizer memcheck over the test cases of the L2 demotion
# ([l2-eviction]).
set -u
[ -d build/dev10 ] || tar -xJf build/devpack10/dev10.tar.xz -C build
D=$PWD/build/dev10
R=$OUT/c; mkdir -p $R
{ nvidia-smi -L; date -u
timeout 300 $D/etage_tests --reporter compact > $R/tests.log 2>&1; echo "suite exit $?: $(tail -1 $R/tests.log)"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 99 $D/etage_tests "[l2-eviction]" --reporter compact > $R/memcheck.log 2>&1
echo "memcheck exit $?: $(grep 'ERROR SUMMARY' $R/memcheck.log | tail -1) | $(tail -1 $R/memcheck.log)"
date -u; } 2>&1 | tee $R/summary.txt
