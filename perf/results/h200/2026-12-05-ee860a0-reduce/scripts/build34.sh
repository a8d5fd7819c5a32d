#!/usr/bin/env bash
# Memory attempt 34 (prepared 2026-12-05, session 26; no device was lent that session): builds
# the probe binaries. The tree is ee860a0 (git archive) with ../reduce-switch.diff applied:
# reduce.hpp's GPU consumer loop chosen at compile time by ETAGE_DEV_REDUCE:
#   0  one element per iteration with the NaN-sticky combine (the library's loop at ee860a0);
#   1  16-byte vectors, one lane per element; max lanes by Kokkos::fmax plus a NaN flag
#      (../reduce-lanes.diff, the candidate);
#   2  16-byte vectors, one lane per element; max lanes by the NaN-sticky combine.
# Each variant gets its own cuda-preset build (build/t34/build-N) of etage_bench_memory; variant
# 1 also builds etage_tests. Then packs the stripped binaries and the Google Benchmark shared
# library into build/t34/d34.tar.xz (unpacked on the device to build/d34). About 35 minutes on
# a 2-core machine. Needs the Kokkos CUDA install of tests/run.sh (ETAGE_KOKKOS_CUDA, default
# ~/.cache/etage/kokkos-5.0.2-cuda).
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel); cd "$repo"
here=perf/results/h200/2026-12-05-ee860a0-reduce
K=${ETAGE_KOKKOS_CUDA:-$HOME/.cache/etage/kokkos-5.0.2-cuda}
T=build/t34
rm -rf $T; mkdir -p $T/src
git archive ee860a0 | tar -x -C $T/src
patch -d $T/src -p0 < $here/reduce-switch.diff
S=$T/stage/d34; mkdir -p $S
for v in 0 1 2; do
  cmake -S $T/src -B $T/build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$K/bin/nvcc_wrapper \
    -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" -DKokkos_ROOT=$K -DETAGE_ENABLE_CUDA=ON \
    -DCMAKE_CXX_FLAGS=-DETAGE_DEV_REDUCE=$v > $T/configure-$v.log
  targets=etage_bench_memory; [ $v = 1 ] && targets="etage_bench_memory etage_tests"
  ninja -C $T/build-$v $targets > $T/build-$v.log
  mkdir -p $S/v$v; strip -o $S/v$v/etage_bench_memory $T/build-$v/perf/etage_bench_memory
done
strip -o $S/v1/etage_tests $T/build-1/tests/etage_tests
for l in $(ldd $T/build-1/perf/etage_bench_memory | awk '/benchmark/ {print $3}'); do cp -L "$l" $S/; done
tar -cJf $T/d34.tar.xz -C $T/stage d34; ls -la $T/d34.tar.xz
