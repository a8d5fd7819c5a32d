#!/usr/bin/env bash
# Packs the cuda preset's memory-bound benchmark (build/cuda, configured at 5f84482: it reports
# etage_git 5f84482), with the Google Benchmark shared library it links, into
# build/devpack22/bench.tar.xz for run.sh.
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel); cd "$repo"
P=build/devpack22; S=$P/stage/bench; rm -rf $P/stage; mkdir -p $S
strip -o $S/etage_bench_memory build/cuda/perf/etage_bench_memory
for l in $(ldd build/cuda/perf/etage_bench_memory | awk '/benchmark/ {print $3}'); do cp -L "$l" $S/; done
tar -cJf $P/bench.tar.xz -C $P/stage bench
rm -rf $P/stage; ls -la $P
