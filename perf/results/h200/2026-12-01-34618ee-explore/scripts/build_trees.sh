#!/usr/bin/env bash
# Session 20: builds sweep_probe in one tree per library variant (make_tree.py) from commit $1
# (default 34618ee), two at a time, and packs every binary built so far into
# build/s20pack/pack.tar.xz. VARIANTS: make_tree.py arguments (binary probe_<arg without ":",
# "+" as "_">, after PREFIX if set).
# MAKE_TREE: another make_tree script (session 21's make_tree21.py adds variants).
# Needs ETAGE_KOKKOS_CUDA (cmake/bootstrap.sh cuda prints it) and nvcc on PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(git -C "$here" rev-parse --show-toplevel)
commit=${1:-34618ee}; shift || true
variants=${VARIANTS:-main hoist lastplain tps:4 tps:6}
work=/work/s20; mkdir -p $work/bin
build() {
  local v=$1 n; n=$(tr -d ":" <<<"$1" | tr "+" "_"); local d=$work/tree-$n
  rm -rf "$d"; mkdir -p "$d"
  git -C "$repo" archive "$commit" | tar -x -C "$d"
  python3 "${MAKE_TREE:-$here/make_tree.py}" "$d" "$v"
  cmake -S "$d" -B "$d/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$ETAGE_KOKKOS_CUDA/bin/nvcc_wrapper" \
    -DKokkos_ROOT="$ETAGE_KOKKOS_CUDA" -DETAGE_ENABLE_CUDA=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" > "$d.configure.log"
  cmake --build "$d/build" --target sweep_probe -j 1 > "$d.build.log" 2>&1
  strip -o "$work/bin/probe_${PREFIX:-}$n" "$d/build/perf/sweep_probe"
  echo "built $v"
}
pids=()
for v in $variants; do
  build "$v" & pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait
mkdir -p "$repo/build/s20pack"
tar -cJf "$repo/build/s20pack/pack.tar.xz" -C "$work" bin
ls -la "$repo/build/s20pack"
