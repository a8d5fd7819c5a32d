#!/usr/bin/env bash
# etage backend comparison, from a fresh machine to tables and plots:
#
#   perf/run.sh [--quick] [--out DIR] [-- <Google Benchmark flags>]
#
# Installs what is missing (cmake/bootstrap.sh), builds the release preset (host-release;
# cuda when `nvidia-smi -L` finds a GPU or ETAGE_CUDA=1; ETAGE_CUDA=0 forces the host),
# runs etage_bench_gemm and etage_bench_memory (and on CUDA etage_bench_barrier, the
# synchronisation latencies), and writes DIR/gemm.json and DIR/memory.json (Google Benchmark
# JSON), their logs, DIR/{gemm,memory}.md and DIR/{gemm,memory}.png (on CUDA also
# DIR/barrier.{json,md}); the tables are printed. DIR defaults to out/ in the repository.
#
#   --quick    sizes 256 and 512, stages 1 and 2, 4 MiB memory-bound operands, one short
#              repetition (smoke test)
#   --out DIR  output directory
#   -- ...     passed to the GEMM benchmark (the others keep their defaults), e.g.
#              --benchmark_filter='Synchronous|OpenBLAS'
#              (defaults: --benchmark_repetitions=3 --benchmark_min_time=0.2)
# The sizes and stages can also be set with ETAGE_BENCH_SIZES / ETAGE_BENCH_STAGES (see
# perf/bench_gemm.cpp); the memory-bound operand sizes and the calls queued per timed
# sample with ETAGE_BENCH_MIB / ETAGE_BENCH_BATCH (see perf/bench_memory.cpp).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$ROOT/out
QUICK=0
BENCH_ARGS=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) QUICK=1 ;;
    --out) [ $# -ge 2 ] || { echo "perf/run.sh: --out needs a directory" >&2; exit 2; }; OUT=$2; shift ;;
    --out=*) OUT=${1#--out=} ;;
    --) shift; BENCH_ARGS=("$@"); break ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "perf/run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

say() { printf '[etage] %s\n' "$*"; }
die() { printf '[etage] error: %s\n' "$*" >&2; exit 1; }
step_failed() { die "$1 failed; see $2"; }

# Which build: a GPU gets the CUDA preset.
if [ "${ETAGE_CUDA:-}" = 1 ] || { [ "${ETAGE_CUDA:-}" != 0 ] && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; }; then
  CONFIGS=(host cuda); PRESET=cuda
else
  CONFIGS=(host); PRESET=host-release
fi
BUILD=$ROOT/build/$PRESET

say "bootstrapping (${CONFIGS[*]}): packages and Kokkos, cached after the first run..."
"$ROOT/cmake/bootstrap.sh" "${CONFIGS[@]}" >"$OUT/bootstrap.log" 2>&1 || { tail -n 20 "$OUT/bootstrap.log" >&2; step_failed bootstrap "$OUT/bootstrap.log"; }
ETAGE_KOKKOS_HOST=$(sed -n 's/^KOKKOS_ROOT\[host\]=//p' "$OUT/bootstrap.log" | tail -n1)
ETAGE_KOKKOS_CUDA=$(sed -n 's/^KOKKOS_ROOT\[cuda\]=//p' "$OUT/bootstrap.log" | tail -n1)
export ETAGE_KOKKOS_HOST ETAGE_KOKKOS_CUDA
[ -n "$ETAGE_KOKKOS_HOST" ] || die "bootstrap printed no KOKKOS_ROOT[host]; see $OUT/bootstrap.log"
if [ $PRESET = cuda ]; then
  [ -n "$ETAGE_KOKKOS_CUDA" ] || die "bootstrap printed no KOKKOS_ROOT[cuda]; see $OUT/bootstrap.log"
  NVCC=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)
  [ -n "$NVCC" ] || die "a GPU is visible but there is no nvcc (CUDA toolkit) to build with"
  export PATH="$(dirname "$NVCC"):$PATH"
fi

TARGETS=(etage_bench_gemm etage_bench_memory)
[ $PRESET = cuda ] && TARGETS+=(etage_bench_barrier)
say "building ${TARGETS[*]} (preset $PRESET, log: $OUT/build.log)..."
( cd "$ROOT" &&
  cmake --preset "$PRESET" -DETAGE_BUILD_PERF=ON &&
  cmake --build "$BUILD" --target "${TARGETS[@]}"
) >"$OUT/build.log" 2>&1 || { tail -n 30 "$OUT/build.log" >&2; step_failed build "$OUT/build.log"; }
BENCH=$BUILD/perf/etage_bench_gemm
[ -x "$BENCH" ] || die "$BENCH was not built; see $OUT/build.log"

if [ $QUICK = 1 ]; then
  export ETAGE_BENCH_SIZES=256,512 ETAGE_BENCH_STAGES=1,2 ETAGE_BENCH_MIB=${ETAGE_BENCH_MIB:-4}
  DEFAULT_ARGS=(--benchmark_repetitions=1 --benchmark_min_time=0.05)
else
  DEFAULT_ARGS=(--benchmark_repetitions=3 --benchmark_min_time=0.2)
fi
# Kokkos warns when OMP_PROC_BIND is unset; binding is left off so OpenBLAS' own threads
# are not confined to the cores of Kokkos' master thread.
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}

COUNT=$("$BENCH" --benchmark_list_tests "${BENCH_ARGS[@]}" 2>/dev/null | grep -c '^BM_' || true)
[ "$COUNT" -gt 0 ] || die "no benchmark matches (arguments: ${BENCH_ARGS[*]:-none})"
say "running $COUNT benchmarks (${ETAGE_BENCH_SIZES:+sizes $ETAGE_BENCH_SIZES, }${DEFAULT_ARGS[*]}${BENCH_ARGS[*]:+ ${BENCH_ARGS[*]}}), log: $OUT/gemm.log..."
START=$(date +%s)
set +e
"$BENCH" "${DEFAULT_ARGS[@]}" "${BENCH_ARGS[@]}" \
  --benchmark_out="$OUT/gemm.json" --benchmark_out_format=json 2>&1 | tee "$OUT/gemm.log"
RC=${PIPESTATUS[0]}
set -e
[ "$RC" = 0 ] || step_failed "etage_bench_gemm (exit $RC)" "$OUT/gemm.log"
say "benchmarks took $(( $(date +%s) - START )) s"

# A python3 with matplotlib draws the plot; any python3 still writes the tables.
PY=
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import matplotlib' 2>/dev/null; then PY=$p; break; fi
done
[ -n "$PY" ] || { PY=python3; say "no python3 with matplotlib found: table and markdown only"; }
say "report:"
"$PY" "$ROOT/perf/report.py" "$OUT/gemm.json" "$OUT" || die "perf/report.py failed on $OUT/gemm.json"

# The memory-bound algorithms (transpose, stencils, reductions) against a device copy and
# plain Kokkos range versions.
MBENCH=$BUILD/perf/etage_bench_memory
say "running the memory-bound benchmarks (a minute or two on a 2-core host), log: $OUT/memory.log..."
MSTART=$(date +%s)
set +e
"$MBENCH" "${DEFAULT_ARGS[@]}" --benchmark_out="$OUT/memory.json" --benchmark_out_format=json >"$OUT/memory.log" 2>&1
RC=$?
set -e
say "memory-bound benchmarks took $(( $(date +%s) - MSTART )) s"
[ "$RC" = 0 ] || step_failed "etage_bench_memory (exit $RC)" "$OUT/memory.log"
"$PY" "$ROOT/perf/report_memory.py" "$OUT/memory.json" "$OUT" || die "perf/report_memory.py failed on $OUT/memory.json"
if [ $PRESET = cuda ]; then
  # Latency of the engines' synchronisation (mbarrier round trip and handoff, cp.async
  # commit/wait, team barrier), one team on one SM.
  say "running the synchronisation latency benchmark, log: $OUT/barrier.log..."
  "$BUILD/perf/etage_bench_barrier" "${DEFAULT_ARGS[@]}" --benchmark_out="$OUT/barrier.json" \
    --benchmark_out_format=json >"$OUT/barrier.log" 2>&1 || step_failed etage_bench_barrier "$OUT/barrier.log"
  "$PY" "$ROOT/perf/report_barrier.py" "$OUT/barrier.json" "$OUT" || die "perf/report_barrier.py failed"
fi
[ $PRESET = cuda ] && say "done: $OUT/gemm.{json,md,png}, $OUT/memory.{json,md,png} and $OUT/barrier.{json,md}" || say "done: $OUT/gemm.{json,md,png} and $OUT/memory.{json,md,png}"
