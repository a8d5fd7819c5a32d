#!/usr/bin/env bash
# Peers: what simple known kernels and cuBLAS geam reach for copy / fill / read / transpose,
# next to etage's transpose in the same device session.
set -u
D=$PWD/build/dev
for d in /usr/local/cuda/lib64 "$(python3 -c 'import nvidia.cublas, os; print(os.path.join(nvidia.cublas.__path__[0], "lib"))' 2>/dev/null)"; do [ -d "$d" ] && export LD_LIBRARY_PATH="$d:${LD_LIBRARY_PATH:-}"; done
export LD_LIBRARY_PATH=$D/perf:${LD_LIBRARY_PATH:-}
R=$OUT/p; mkdir -p $R
{
nvidia-smi -L
$D/explore/peers 16384 16384
$D/explore/peers 16384 32768
ETAGE_BENCH_MIB=1024 timeout 150 $D/perf/etage_bench_memory --benchmark_repetitions=1 --benchmark_min_time=0.1 --benchmark_filter='BM_Copy/bytes:1073741824|BM_Transpose<BulkTensor>/stages:2|BM_Transpose<CpAsync>/stages:2|BM_Stencil2D<BulkTensor>' --benchmark_out=$R/memory.json --benchmark_out_format=json > $R/bench.log 2>&1; echo "bench exit $?"
python3 perf/report_memory.py $R/memory.json $R 2>&1 | grep -E "Copy|Stencil|Transpose|error"
} 2>&1 | tee $R/summary.txt
