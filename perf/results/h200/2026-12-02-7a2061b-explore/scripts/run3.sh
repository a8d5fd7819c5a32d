#!/usr/bin/env bash
# Session 23 run 3: the default block at 4 stages (make_tree23.py deep4, block 14) against the
# same block at 3 stages (block 0, the library's kernel), as run 2 (run2.sh with this binary and
# block): three processes at 640^3 and 808^3, one at 1280x640x640 and 404x808x808, then Nsight
# Compute on one sweep of each at 808^3.
# Device command: bash perf/results/h200/2026-12-02-7a2061b-explore/scripts/run3.sh build/s23pack/pack.tar.xz
RUN=run3 BIN=probe_s23_deep4 BLOCK=14 exec bash "$(dirname "$0")/run2.sh" "$@"
