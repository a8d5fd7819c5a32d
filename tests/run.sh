#!/usr/bin/env bash
# The etage test command (README; .ci/run calls exactly this). On a fresh machine it
# installs what is missing (cmake/bootstrap.sh, cached outside the repo), then:
#   1. host-debug preset (AddressSanitizer + UBSan): build, run every test;
#   2. if nvcc is present: the cuda preset: build tests and benchmarks (every inline-PTX
#      string goes through ptxas), run the tests that need no GPU, and the whole suite when
#      a GPU is visible (nvidia-smi -L).
# Options: --host-only (skip the CUDA build), --jobs N.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
jobs=$(nproc)
with_cuda=auto
while [ $# -gt 0 ]; do
  case $1 in
    --host-only) with_cuda=no ;;
    --jobs) jobs=$2; shift ;;
    *) echo "tests/run.sh: unknown option '$1' (use --host-only, --jobs N)" >&2; exit 2 ;;
  esac
  shift
done
say() { printf '[etage tests] %s\n' "$*"; }
nvcc_bin=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)
[ "$with_cuda" = auto ] && { [ -n "$nvcc_bin" ] && with_cuda=yes || with_cuda=no; }

configs=(host); [ "$with_cuda" = yes ] && configs+=(cuda)
say "bootstrapping dependencies (${configs[*]})"
boot=$(bash cmake/bootstrap.sh "${configs[@]}")
ETAGE_KOKKOS_HOST=$(sed -n 's/^KOKKOS_ROOT\[host\]=//p' <<<"$boot"); export ETAGE_KOKKOS_HOST
if [ "$with_cuda" = yes ]; then
  ETAGE_KOKKOS_CUDA=$(sed -n 's/^KOKKOS_ROOT\[cuda\]=//p' <<<"$boot"); export ETAGE_KOKKOS_CUDA
  export PATH="$(dirname "$nvcc_bin"):$PATH"
fi

status=0
say "host-debug: configure + build (ASan + UBSan)"
cmake --preset host-debug >/dev/null
cmake --build build/host-debug -j "$jobs"
say "host-debug: run tests"
OMP_PROC_BIND=false ctest --preset host-debug -j "$jobs" || status=1

if [ "$with_cuda" = yes ]; then
  say "cuda: configure + build (sm_90; tests, benchmarks, PTX compile check)"
  cmake --preset cuda >/dev/null
  cmake --build build/cuda -j "$jobs"
  if nvidia-smi -L >/dev/null 2>&1; then
    say "cuda: GPU present, running the whole suite"
    ctest --preset cuda || status=1
  else
    say "cuda: no GPU here; running the tests that need none (GPU suite: perf/device_run.sh on a GPU machine)"
    ctest --preset cuda -L nogpu || status=1
  fi
fi
[ $status = 0 ] && say "all test stages passed" || say "FAILED (see above)"
exit $status
