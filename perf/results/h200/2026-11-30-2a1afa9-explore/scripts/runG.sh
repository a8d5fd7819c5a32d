#!/usr/bin/env bash
# Session 14 run G: the CUDA tests binary of a98dad9 (built by the fresh-clone CI check), the
# whole suite: the label test of the 3D kernel without the one-point path on a GPU. (RUN_TAG
# names the output folder: run H.)
set -u
R=$OUT/${RUN_TAG:-g}; mkdir -p $R
{ nvidia-smi -L; date -u
timeout 300 $PWD/build/dev/tests/etage_tests --reporter compact > $R/tests.log 2>&1
echo "tests exit $?: $(grep -E '^(All tests passed|test cases:)' $R/tests.log | tail -1)"
timeout 60 $PWD/build/dev/tests/etage_tests "stencil_3d's block without a named one follows the stage count it resolves to" -s --reporter compact 2>&1 | grep -E "runs only|passed|failed" | head -8
date -u; } 2>&1 | tee $R/summary.txt
