#!/usr/bin/env bash
# On a GPU machine that cannot install or build: runs the prebuilt CUDA binaries carried in
# build/cuda (ETAGE_BUILD_DIR to change) and collects what the run showed:
#   1. the Catch2 suite (tests/etage_tests) and the watchdog probe (tests/watchdog_probe);
#   2. the suite under compute-sanitizer memcheck, racecheck, synccheck
#      (ETAGE_SANITIZERS lists the tools, empty skips them; ETAGE_SANITIZER_TESTS a Catch2 test
#      spec such as "[reduce]", default the whole suite);
#   3. the synchronisation latency benchmark (perf/etage_bench_barrier), the memory-bound
#      benchmark (perf/etage_bench_memory) and the GEMM benchmark (perf/etage_bench_gemm),
#      each when built, each with its report. ETAGE_BENCHES lists which (default: all three).
# Results: $OUT (default ./out) gets summary.txt, {barrier,memory,gemm}.{json,md} and
# etage-device-results.tar.gz holding every log, JSON and plot.
#
#   OUT=... perf/device_run.sh [--quick] [-- <Google Benchmark flags>]
# Exits non-zero when a test, the probe, a sanitizer or a benchmark found a fault.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ETAGE_BUILD_DIR:-$ROOT/build/cuda}
OUT=${OUT:-./out}
RUN=$(mktemp -d)
mkdir -p "$OUT"
ARGS=(--benchmark_repetitions=3 --benchmark_min_time=0.2)
if [ "${1:-}" = --quick ]; then
  export ETAGE_BENCH_SIZES=${ETAGE_BENCH_SIZES:-1024,2048} ETAGE_BENCH_STAGES=${ETAGE_BENCH_STAGES:-1,2,4}
  ARGS=(--benchmark_repetitions=1 --benchmark_min_time=0.05); shift
fi
[ "${1:-}" = -- ] && shift
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib \
         "$(python3 -c 'import nvidia.cublas, os; print(os.path.join(nvidia.cublas.__path__[0], "lib"))' 2>/dev/null)"; do
  [ -d "$d" ] && export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done

summary=$RUN/summary.txt
note() { echo "$*" | tee -a "$summary"; }
note "etage device run, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
{ nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } 2>&1 | tee -a "$summary"
status=0
TESTS=$BUILD/tests/etage_tests
if [ -x "$TESTS" ]; then
  "$TESTS" --reporter compact >"$RUN/tests.log" 2>&1
  rc=$?
  note "tests: $(grep -E '^(All tests passed|test cases:)' "$RUN/tests.log" | tail -n 1) (exit $rc)"
  [ $rc = 0 ] || { grep -B2 -A12 FAILED "$RUN/tests.log" | head -n 60; status=1; }
fi
if [ -x "$BUILD/tests/watchdog_probe" ]; then
  timeout 120 "$BUILD/tests/watchdog_probe" >"$RUN/watchdog.log" 2>&1
  if grep -q "etage watchdog: BulkTensor engine, full barrier of stage 0" "$RUN/watchdog.log"; then
    note "watchdog probe: the hung wait was diagnosed and trapped: $(grep -m1 'etage watchdog' "$RUN/watchdog.log")"
  else
    note "watchdog probe: FAILED (no diagnostic line; see watchdog.log)"; status=1
  fi
fi
if [ -x "$TESTS" ] && command -v compute-sanitizer >/dev/null; then
  spec=${ETAGE_SANITIZER_TESTS:-}
  for tool in ${ETAGE_SANITIZERS-memcheck racecheck synccheck}; do
    timeout "${ETAGE_SANITIZER_TIMEOUT:-300}" compute-sanitizer --tool "$tool" --error-exitcode 99 \
      "$TESTS" ${spec:+"$spec"} --reporter compact >"$RUN/sanitizer-$tool.log" 2>&1
    rc=$?
    line=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$RUN/sanitizer-$tool.log" | tail -n 1)
    tests=$(grep -E '^(All tests passed|test cases:)' "$RUN/sanitizer-$tool.log" | tail -n 1)
    case $rc in
      0) note "compute-sanitizer $tool, ${spec:-whole suite}: ${line#========= } | $tests" ;;
      124) note "compute-sanitizer $tool: timed out, not conclusive"; status=1 ;;
      *) note "compute-sanitizer $tool: FAILED (exit $rc) ${line#========= } | $tests"; status=1 ;;
    esac
  done
fi
for bench in ${ETAGE_BENCHES-barrier memory gemm}; do
  exe=$BUILD/perf/etage_bench_$bench
  [ -x "$exe" ] || continue
  note "benchmark $bench: $("$exe" --benchmark_list_tests "$@" | grep -c '^BM_') runs"
  "$exe" "${ARGS[@]}" "$@" --benchmark_out="$RUN/$bench.json" --benchmark_out_format=json >"$RUN/$bench.log" 2>&1 \
    || { note "benchmark $bench FAILED (see $bench.log)"; tail -n 5 "$RUN/$bench.log"; status=1; }
  report=$ROOT/perf/report.py
  [ "$bench" = memory ] && report=$ROOT/perf/report_memory.py
  [ "$bench" = barrier ] && report=$ROOT/perf/report_barrier.py
  [ -s "$RUN/$bench.json" ] && [ -f "$report" ] && python3 "$report" "$RUN/$bench.json" "$RUN" | tee -a "$summary"
done
tar czf "$OUT/etage-device-results.tar.gz" -C "$RUN" .
for f in summary.txt gemm.json gemm.md memory.json memory.md barrier.json barrier.md; do [ -f "$RUN/$f" ] && cp "$RUN/$f" "$OUT/"; done
exit $status
