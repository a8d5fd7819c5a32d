#!/usr/bin/env bash
# Session 22: instructions by opcode in ptx/stencil3d_interior_loop.ptx (the loop body from the
# try_wait label to the back branch; register moves, labels and braces left out).
# Usage: scripts/ptx_counts.sh (from this directory's parent or anywhere)
here=$(cd "$(dirname "$0")/.." && pwd)
sed -n '/^\$L__BB5_104:/,/bra 	\$L__BB5_103;/p' "$here/ptx/stencil3d_interior_loop.ptx" |
  grep -v '^\s*//\|^\s*$\|^\$L\|{$\|^\s*}\|\.reg\|mov\.f32\|\.pragma' | awk '{print $1}' | sed 's/^@%p[0-9]*//' |
  awk 'NF' | sort | uniq -c | sort -rn
