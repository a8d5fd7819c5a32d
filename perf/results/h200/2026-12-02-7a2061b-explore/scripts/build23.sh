#!/usr/bin/env bash
# Session 23: builds session 20's sweep_probe (make_tree22.py VARIANT, normally `base`) in one
# tree per COMMIT:NAME argument, two at a time, and packs the binaries (probe_s23_NAME) into
# build/s23pack/pack.tar.xz. Needs ETAGE_KOKKOS_CUDA (cmake/bootstrap.sh cuda prints it) and
# nvcc on PATH. Arguments COMMIT:NAME[:DIFF], DIFF a patch applied to the tree first (run 1's
# early binary: 7a2061b:early:$PWD/perf/results/h200/2026-12-02-7a2061b-explore/scripts/early-release.diff;
# it was built from the branch commit 9e96e7b, which is that diff on 7a2061b).
# MAKE_TREE: another make_tree script (make_tree23.py adds ymarch); VARIANT: its variant.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(git -C "$here" rev-parse --show-toplevel)
mk=${MAKE_TREE:-$repo/perf/results/h200/2026-12-02-b959c1a-explore/scripts/make_tree22.py}
work=/work/s23; mkdir -p $work/bin
build() {
  local commit name diff; IFS=: read -r commit name diff <<<"$1"; local d=$work/tree-$name
  rm -rf "$d"; mkdir -p "$d"
  git -C "$repo" archive "$commit" | tar -x -C "$d"
  [ -z "$diff" ] || patch -d "$d" -p1 < "$diff"
  python3 "$mk" "$d" "${VARIANT:-base}"
  cmake -S "$d" -B "$d/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$ETAGE_KOKKOS_CUDA/bin/nvcc_wrapper" \
    -DKokkos_ROOT="$ETAGE_KOKKOS_CUDA" -DETAGE_ENABLE_CUDA=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" > "$d.configure.log"
  cmake --build "$d/build" --target sweep_probe -j 1 > "$d.build.log" 2>&1
  strip -o "$work/bin/probe_s23_$name" "$d/build/perf/sweep_probe"
  echo "built $commit as probe_s23_$name"
}
pids=()
for a in "$@"; do
  build "$a" & pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait
mkdir -p "$repo/build/s23pack"
tar -cJf "$repo/build/s23pack/pack.tar.xz" -C "$work" bin
ls -la "$repo/build/s23pack"
