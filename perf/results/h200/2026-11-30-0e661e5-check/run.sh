#!/usr/bin/env bash
# The whole GPU suite at 0e661e5 (the BulkTensor loader's one issue()), with the tests binary
# of the fresh-clone tests/run.sh build (cuda preset), stripped, in build/dev5; then
# compute-sanitizer memcheck over [l2-eviction].
set -u
D=$PWD/build/dev5
R=$OUT/c; mkdir -p $R
{ nvidia-smi -L; date -u
$D/tests/etage_tests --reporter compact > $R/tests.log 2>&1; echo "tests exit $?: $(tail -1 $R/tests.log)"
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 99 $D/tests/etage_tests "[l2-eviction]" --reporter compact > $R/memcheck.log 2>&1
echo "memcheck [l2-eviction] exit $?: $(grep 'ERROR SUMMARY' $R/memcheck.log | tail -1) | $(tail -1 $R/memcheck.log)"
date -u; } 2>&1 | tee $R/summary.txt
