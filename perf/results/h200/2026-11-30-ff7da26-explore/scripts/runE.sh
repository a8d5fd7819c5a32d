#!/usr/bin/env bash
# Session 13 run E: the stencil tests of acc73f8 (built by the fresh-clone CI check) on the GPU.
set -u
D=$PWD/build/dev
R=$OUT/e; mkdir -p $R
{ nvidia-smi -L; date -u
timeout 200 $D/tests/etage_tests "[stencil]" --reporter compact > $R/tests.log 2>&1; echo "tests [stencil] exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
grep -B2 -A12 FAILED $R/tests.log | head -30; date -u; } 2>&1 | tee $R/summary.txt
