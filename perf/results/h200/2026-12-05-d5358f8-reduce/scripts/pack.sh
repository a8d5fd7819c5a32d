#!/usr/bin/env bash
# Packs build/devpack26/stage/d26 (old/: 19a5366's stripped benchmark, copied before the
# rebuild; perf/ and tests/: build/cuda rebuilt with d5358f8's reduce.hpp and tests) into
# build/devpack26/d26.tar.xz.
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel); cd "$repo"
tar -cJf build/devpack26/d26.tar.xz -C build/devpack26/stage d26; ls -la build/devpack26
