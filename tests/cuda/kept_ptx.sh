# Sourced by the compile-only PTX checks (stage_reads_check.sh, cp_async_sizes_check.sh,
# reduce_loop_check.sh):
#   rebuild_kept_ptx NAME KEEP_DIR OBJECT BUILD_CMD...
# deletes OBJECT and the PTX that nvcc keeps for tests/cuda/NAME.cpp (-keep) in KEEP_DIR,
# rebuilds the object with BUILD_CMD and sets `ptx` to the fresh PTX's path; on a failed build,
# or no PTX kept, prints FAIL with the build log and exits 1.
rebuild_kept_ptx() {
  local name=$1 dir=$2 obj=$3
  shift 3
  ptx=$dir/$name.ptx
  rm -f "$obj" "$ptx"
  if ! "$@" >"$dir/build.log" 2>&1; then
    echo "FAIL  building tests/cuda/$name.cpp failed:"; sed 's/^/      /' "$dir/build.log"; exit 1
  fi
  if [[ ! -f $ptx ]]; then
    echo "FAIL  the build kept no PTX at $ptx"; exit 1
  fi
}
