#!/usr/bin/env bash
# On a GPU machine that cannot install or build: runs the prebuilt CUDA binaries carried in
# build/cuda (ETAGE_BUILD_DIR to change): the tests (build/cuda/tests/etage_tests, when
# present), then the GEMM benchmark and its report. Writes to $OUT (default ./out):
# device.txt, tests.log, gemm.json, gemm.log, gemm.md, gemm.png.
#
#   OUT=... perf/device_run.sh [--quick] [-- <Google Benchmark flags>]
# Exits non-zero when the tests or the benchmark failed (the benchmark runs either way).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ETAGE_BUILD_DIR:-$ROOT/build/cuda}
OUT=${OUT:-./out}
mkdir -p "$OUT"
ARGS=(--benchmark_repetitions=3 --benchmark_min_time=0.2)
if [ "${1:-}" = --quick ]; then
  export ETAGE_BENCH_SIZES=${ETAGE_BENCH_SIZES:-1024,2048} ETAGE_BENCH_STAGES=${ETAGE_BENCH_STAGES:-1,2,4}
  ARGS=(--benchmark_repetitions=1 --benchmark_min_time=0.05); shift
fi
[ "${1:-}" = -- ] && shift
# cuBLAS / cudart of the machine's toolkit (or of its Python wheels).
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib \
         "$(python3 -c 'import nvidia.cublas, os; print(os.path.join(nvidia.cublas.__path__[0], "lib"))' 2>/dev/null)"; do
  [ -d "$d" ] && export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done

{ nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } >"$OUT/device.txt" 2>&1
cat "$OUT/device.txt"
status=0
if [ -x "$BUILD/tests/etage_tests" ]; then
  echo "[etage] tests: $BUILD/tests/etage_tests"
  "$BUILD/tests/etage_tests" 2>&1 | tee "$OUT/tests.log" | tail -n 40
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "[etage] tests FAILED (see tests.log)"; status=1; }
fi
BENCH=$BUILD/perf/etage_bench_gemm
[ -x "$BENCH" ] || { echo "[etage] $BENCH missing: build the cuda preset and carry $BUILD" >&2; exit 1; }
echo "[etage] running $("$BENCH" --benchmark_list_tests "$@" | grep -c '^BM_') benchmarks..."
"$BENCH" "${ARGS[@]}" "$@" --benchmark_out="$OUT/gemm.json" --benchmark_out_format=json 2>&1 | tee "$OUT/gemm.log"
[ "${PIPESTATUS[0]}" = 0 ] || { echo "[etage] benchmark FAILED (see gemm.log)"; status=1; }
[ -s "$OUT/gemm.json" ] && python3 "$ROOT/perf/report.py" "$OUT/gemm.json" "$OUT"
exit $status
