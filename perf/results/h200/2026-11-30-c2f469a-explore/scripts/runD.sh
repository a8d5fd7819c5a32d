#!/usr/bin/env bash
# Session 12: compute-sanitizer over the transpose tests at 0600497 (CpAsync one-tile teams).
set -u
D=$PWD/build/dev
R=$OUT/s; mkdir -p $R
{
nvidia-smi -L; date -u
for tool in memcheck racecheck synccheck; do
  timeout 140 compute-sanitizer --tool $tool --error-exitcode 9 $D/tests/etage_tests "[transpose]" > $R/$tool.log 2>&1
  echo "$tool exit $?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|All tests passed|test cases" $R/$tool.log | tail -3
done
date -u
} 2>&1 | tee $R/summary.txt
