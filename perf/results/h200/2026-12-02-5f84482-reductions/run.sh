#!/usr/bin/env bash
# The reductions' rows of the memory-bound benchmark at 5f84482 on one H200: sum (BM_Reduce),
# dot (BM_Dot) and max (BM_Max) on every engine and stage count, their Kokkos range versions
# and the copy peers, at the default CUDA sizes (1 and 2 GiB per operand), 3 repetitions of at
# least 0.2 s each, 8 queued calls per sample; then the report (memory.md).
# Device command: bash perf/results/h200/2026-12-02-5f84482-reductions/run.sh build/devpack22/bench.tar.xz
set -u
W=$(mktemp -d); tar -xJf "$1" -C "$W"; B=$W/bench
R=$OUT/v; mkdir -p $R
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../../../.." && pwd)
{ nvidia-smi -L; date -u
  LD_LIBRARY_PATH=$B${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} $B/etage_bench_memory \
    --benchmark_filter='^BM_(Copy|Reduce|Dot|Max|KokkosRange<(Reduce|Dot|Max)>)' \
    --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out=$R/memory.json --benchmark_out_format=json > $R/memory.log 2>&1
  echo "benchmark exit $?"
  python3 "$repo/perf/report_memory.py" $R/memory.json $R > /dev/null && echo "report written"
  grep -E '^\| (Reduce|Dot|Max|Copy) ' $R/memory.md | grep -v "bytes:" | grep -E "best etage|Kokkos range" 
  grep -c "error" $R/memory.md
  date -u; } 2>&1 | tee $R/summary.txt
