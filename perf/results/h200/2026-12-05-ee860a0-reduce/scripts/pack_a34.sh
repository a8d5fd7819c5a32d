#!/usr/bin/env bash
# Packs the cuda-preset build of branch attempt34 (worktree build/wt34, built in
# build/wt34/build/cuda: the benchmark reports that commit) as ../../2026-12-02-687687f/pack.sh
# packs build/cuda: the test suite, the watchdog probe, the memory-bound benchmark with its
# Google Benchmark library, the compile-only test's cubin, into build/devpack34/dev13.tar.xz, the
# layout ../../2026-12-05-19a5366/run.sh unpacks (run.sh build/devpack34/dev13.tar.xz).
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel); cd "$repo"
B=${1:-build/wt34/build/cuda}
P=build/devpack34; S=$P/stage/dev13; rm -rf $P/stage; mkdir -p $S/tests $S/perf
strip -o $S/tests/etage_tests $B/tests/etage_tests
strip -o $S/tests/watchdog_probe $B/tests/watchdog_probe
strip -o $S/perf/etage_bench_memory $B/perf/etage_bench_memory
for l in $(ldd $B/perf/etage_bench_memory | awk '/benchmark/ {print $3}'); do cp -L "$l" $S/perf/; done
find $B -name 'stage_reads*.cubin' -exec cp {} $S/ \;
tar -cJf $P/dev13.tar.xz -C $P/stage dev13
rm -rf $P/stage; ls -la $P
