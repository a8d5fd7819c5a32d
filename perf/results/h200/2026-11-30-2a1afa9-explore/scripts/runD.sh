#!/usr/bin/env bash
# Session 14 run D (the run C binary; the working tree with Stencil3DSidesKernel +
# scripts/dev_switches_runC.py): the ncu half of run C, whose prof lines had stopped at an unset
# $4.
RUN_TAG=d NCU_ONLY=1 exec bash "$(dirname "${BASH_SOURCE[0]}")/runC.sh"
