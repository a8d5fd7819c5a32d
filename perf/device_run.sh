#!/usr/bin/env bash
# On a GPU machine that cannot install or build: runs the prebuilt CUDA binaries carried in
# build/cuda (ETAGE_BUILD_DIR to change): the tests (build/cuda/tests/etage_tests, when
# present), the whole test suite under compute-sanitizer (when present; ETAGE_SANITIZERS lists
# the tools, default "memcheck racecheck synccheck", empty to skip), then the GEMM
# benchmark and its report. Writes to $OUT (default ./out): device.txt, tests.log,
# sanitizer.log, gemm.json, gemm.log, gemm.md, gemm.png.
#
#   OUT=... perf/device_run.sh [--quick] [-- <Google Benchmark flags>]
# Exits non-zero when the tests, a sanitizer or the benchmark found a fault (the benchmark
# runs either way).
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
if [ -x "$BUILD/tests/etage_tests" ] && command -v compute-sanitizer >/dev/null; then
  for tool in ${ETAGE_SANITIZERS-memcheck racecheck synccheck}; do
    echo "[etage] compute-sanitizer --tool $tool on the whole test suite"
    echo "=== compute-sanitizer --tool $tool" >>"$OUT/sanitizer.log"
    timeout "${ETAGE_SANITIZER_TIMEOUT:-240}" compute-sanitizer --tool "$tool" --error-exitcode 99 \
      "$BUILD/tests/etage_tests" --reporter compact >>"$OUT/sanitizer.log" 2>&1
    rc=$?
    case $rc in
      0) echo "[etage]   $tool: clean" ;;
      99) echo "[etage]   $tool: FOUND ERRORS (see sanitizer.log)"; status=1 ;;
      124) echo "[etage]   $tool: timed out, not conclusive" ;;
      *) echo "[etage]   $tool: did not complete (exit $rc; see sanitizer.log)"; tail -n 3 "$OUT/sanitizer.log" ;;
    esac
  done
fi
BENCH=$BUILD/perf/etage_bench_gemm
[ -x "$BENCH" ] || { echo "[etage] $BENCH missing: build the cuda preset and carry $BUILD" >&2; exit 1; }
echo "[etage] running $("$BENCH" --benchmark_list_tests "$@" | grep -c '^BM_') benchmarks..."
"$BENCH" "${ARGS[@]}" "$@" --benchmark_out="$OUT/gemm.json" --benchmark_out_format=json 2>&1 | tee "$OUT/gemm.log"
[ "${PIPESTATUS[0]}" = 0 ] || { echo "[etage] benchmark FAILED (see gemm.log)"; status=1; }
[ -s "$OUT/gemm.json" ] && python3 "$ROOT/perf/report.py" "$OUT/gemm.json" "$OUT"
exit $status
