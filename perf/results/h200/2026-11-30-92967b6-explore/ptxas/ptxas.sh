#!/usr/bin/env bash
# Registers and spills per stencil/transpose kernel, from ptxas -v (no GPU needed).
#   ptxas.sh <repository root at the commit to inspect> <kernels_*.cpp>
# Prints: kernel, Guard template argument (true/false), registers, stack frame and spills.
set -eu
ROOT=$1 SRC=$2 NVCC=${ETAGE_KOKKOS_CUDA:-$HOME/.cache/etage/kokkos-5.0.2-cuda}/bin/nvcc_wrapper
K=${ETAGE_KOKKOS_CUDA:-$HOME/.cache/etage/kokkos-5.0.2-cuda}/include
LOG=$(mktemp)
"$NVCC" -DETAGE_ENABLE_CUDA=1 -DKOKKOS_DEPENDENCE -I"$ROOT/core/include" -I"$ROOT/backends/host/include" \
  -I"$ROOT/algorithms/include" -I"$ROOT/backends/cuda/include" -isystem "$K" -extended-lambda \
  -expt-relaxed-constexpr -arch=sm_90 -std=c++20 -O3 -Xptxas -v -c "$SRC" -o /dev/null > "$LOG" 2>&1
python3 - "$LOG" <<'PY'
import re, subprocess, sys
cur = None; stack = ''
for l in open(sys.argv[1]):
    if "Compiling entry function" in l: cur = re.search(r"'([^']*)'", l).group(1)
    if 'bytes stack frame' in l: stack = l.strip()
    if cur and 'Used' in l and 'registers' in l:
        d = subprocess.run(['c++filt'], input=cur, capture_output=True, text=True).stdout.strip()
        m = re.search(r"(Stencil[23]DKernel|TransposeKernel)", d); g = re.search(r'(true|false)>', d)
        if m: print(m.group(1), g.group(1) if g else '', re.search(r'Used (\d+) registers', l).group(1), stack)
        cur = None
PY
