#!/usr/bin/env bash
# Packs the cuda-preset build of branch attempt34 (worktree build/wt34, built in
# build/wt34/build/cuda: the benchmark reports that commit) with ../../2026-12-02-687687f/pack.sh
# into build/devpack34/dev13.tar.xz, the layout ../../2026-12-05-19a5366/run.sh unpacks
# (run.sh build/devpack34/dev13.tar.xz).
set -euo pipefail
PACK_BUILD=${1:-build/wt34/build/cuda} PACK_DIR=build/devpack34 \
  bash "$(dirname "$0")/../../2026-12-02-687687f/pack.sh"
