#!/usr/bin/env bash
# Session 11 run H: peers_stencil.cu with 1-row blocks added (128 threads along x, the layout
# of a flat Kokkos RangePolicy) next to its 32 x 8 blocks: does the block shape explain why the
# plain Kokkos 16-byte-run peer (78-84 %) reads below the CUDA kernels (92-98 %)?
set -u
R=$OUT/h; mkdir -p $R
{ nvidia-smi -L; date -u; $PWD/build/dev/peers_stencil; date -u; } 2>&1 | tee $R/summary.txt
