#!/usr/bin/env bash
# Session 24: instructions (callgrind, one OpenMP thread) of dot_probe.cpp built against the
# headers of two commits: OLD (default f88b6e2, before the Synchronous loader's whole-box path)
# and NEW (default: the working tree). Prints each run's total, the view fills (memset,
# ViewFill), the rest, and of the rest what callgrind attributes to the Synchronous loader's
# lines (host/synchronous.hpp, tile.hpp) and to memcpy (which only the loader calls here).
# -mavx2 -mfma instead of -march=native: valgrind 3.19 does not decode AVX-512. Needs the host Kokkos (cmake/bootstrap.sh host prints its prefix).
# Usage: perf/results/host/2026-12-04-loader/callgrind.sh [OLD]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(git -C "$here" rev-parse --show-toplevel)
K=${ETAGE_KOKKOS_HOST:-$HOME/.cache/etage/kokkos-5.0.2-host}
old=${1:-f88b6e2}; W=$(mktemp -d)
git -C "$repo" archive "$old" | tar -x -C "$W"
build() {  # $1: source root, $2: binary
  g++ -O3 -mavx2 -mfma -std=c++20 -fopenmp -g -I"$1/core/include" -I"$1/backends/host/include" \
    -I"$1/algorithms/include" -I"$K/include" "$here/dot_probe.cpp" -o "$2" -L"$K/lib" -lkokkoscore -ldl
}
build "$W" "$W/dot_old"; build "$repo" "$W/dot_new"
for v in old:0 new:0 new:1; do
  b=${v%:*} mode=${v#*:}
  OMP_PROC_BIND=false OMP_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$W/cg" "$W/dot_$b" "$mode" > /dev/null 2>&1
  label=$([ "$mode" = 0 ] && echo "etage::dot ($b headers)" || echo "Kokkos range dot")
  callgrind_annotate "$W/cg" 2>/dev/null | awk -v l="$label" '
    /PROGRAM TOTALS/ {gsub(",", "", $1); total=$1; next}
    /Auto-annotated source/ {done = 1}
    done {next}
    /^ *[0-9,]+ +\([ 0-9.]+%\) +[^ ]/ {
      n=$1; gsub(",", "", n)
      if ($0 ~ /memset|ViewFill/) init+=n
      else if ($0 ~ /host\/synchronous\.hpp|etage\/tile\.hpp|memcpy|memmove/) loader+=n
    }
    END {printf "%-28s total %11d  view fills %10d  rest %11d  of it in the loader and memcpy %11d\n", l, total, init, total-init, loader}'
done
rm -rf "$W"
