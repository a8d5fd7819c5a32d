#!/usr/bin/env bash
# Session 14 run H: the CUDA tests binary of the fresh-clone CI check of a98dad9 with the test
# fixes after it rebuilt (fd4511a, then cf1dec5), the whole suite, as run G.
RUN_TAG=h exec bash "$(dirname "${BASH_SOURCE[0]}")/runG.sh"
