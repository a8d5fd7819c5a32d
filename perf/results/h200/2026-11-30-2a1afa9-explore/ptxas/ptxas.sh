#!/usr/bin/env bash
# Registers and spills per stencil kernel, from ptxas -v (no GPU needed).
#   ptxas.sh <repository root of the tree to inspect> <kernels_*.cpp>
# Session 14's copy also prints the engine/stages and the StencilTile of each kernel.
# Release flags (-O3 -DNDEBUG), sm_90, the CUDA Kokkos of cmake/bootstrap.sh. Prints: kernel,
# Guard (true/false), registers, ptxas's stack/spill line, and the LaunchBounds (threads, min
# teams per SM).
set -eu
ROOT=$1 SRC=$2
K=${ETAGE_KOKKOS_CUDA:-$HOME/.cache/etage/kokkos-5.0.2-cuda}
LOG=$(mktemp)
"$K/bin/nvcc_wrapper" -DETAGE_ENABLE_CUDA=1 -DNDEBUG -I"$ROOT/core/include" -I"$ROOT/backends/host/include" \
  -I"$ROOT/algorithms/include" -I"$ROOT/backends/cuda/include" -isystem "$K/include" -extended-lambda \
  -expt-relaxed-constexpr -arch=sm_90 -std=c++20 -O3 -Xptxas -v -c "$SRC" -o /dev/null > "$LOG" 2>&1
python3 - "$LOG" <<'PY'
import re, subprocess, sys
cur = None; stack = ''
for l in open(sys.argv[1]):
    if 'Compiling entry function' in l: cur = re.search(r"'([^']*)'", l).group(1); stack = ''
    elif cur and 'bytes stack frame' in l and not stack: stack = l.strip()
    elif cur and 'Used' in l and 'registers' in l:
        d = subprocess.run(['c++filt'], input=cur, capture_output=True, text=True).stdout
        m = re.search(r'(Stencil[23]D\w*Kernel)', d); g = re.search(r'(true|false)>', d)
        lb = re.search(r'LaunchBounds<(\d+)u, (\d+)u>', d)
        tile = re.search(r'StencilTile<([^>]*)>', d); st = re.search(r'Kernel<etage::engine::(\w+), (\d+),', d)
        if m: print(m.group(1), g.group(1) if g else '', re.search(r'Used (\d+) registers', l).group(1), '|', stack, '| bounds', ' '.join(lb.groups()) if lb else '-', '|', st.group(1) + '/' + st.group(2) if st else '', tile.group(1) if tile else '')
        cur = None
PY
rm -f "$LOG"
