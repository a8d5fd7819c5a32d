#!/usr/bin/env bash
# Compile-only checks for the etage::ptx wrappers (no GPU needed):
#  1. ptx_compile_test.cu builds for sm_80 and sm_90a, so ptxas assembles every wrapper, and the
#     generated PTX holds each instruction as written (C17: 4/8-byte copies are cp.async.ca,
#     16-byte .cg copies are cp.async.cg).
#  2. ptx_wrong_arch_test.cu: using a wrapper on too old an SM fails to build, naming the
#     wrapper's etage_ptx_*_requires_smXX symbol; including the headers without using them builds.
# Usage: tests/cuda/ptx_compile_check.sh   (NVCC overrides the compiler). Exit status: failures.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(-std=c++20 -I "$root/backends/cuda/include" -Werror all-warnings)
failures=0

pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }

# expect_ptx FILE LABEL ERE: FILE must contain a line matching ERE.
expect_ptx() {
  if grep -Eq -- "$3" "$1"; then pass "$2"; else fail "$2 (no match for: $3)"; fi
}
# reject_ptx FILE LABEL ERE: FILE must not contain a line matching ERE.
reject_ptx() {
  if grep -Eq -- "$3" "$1"; then fail "$2 (unexpected: $(grep -Em1 -- "$3" "$1"))"; else pass "$2"; fi
}

a='\[[^]]+\]'  # a bracketed address operand
copy() { echo "cp\.async\.$1\.shared\.global[[:space:]]+$a,[[:space:]]*$a,[[:space:]]*$2"; }

# --- 1. every wrapper assembles; the PTX says what we wrote -----------------------------------
for sm in 80 90a; do
  gencode=(-gencode "arch=compute_$sm,code=sm_$sm")
  src=$root/tests/cuda/ptx_compile_test.cu
  ptx=$tmp/compile_test_sm_$sm.ptx
  if "$nvcc" "${flags[@]}" "${gencode[@]}" -c "$src" -o "$tmp/compile_test_sm_$sm.o" >"$tmp/log" 2>&1 &&
     "$nvcc" "${flags[@]}" "${gencode[@]}" --ptx "$src" -o "$ptx" >>"$tmp/log" 2>&1; then
    pass "sm_$sm: ptx_compile_test.cu builds (ptxas assembled every wrapper)"
  else
    fail "sm_$sm: ptx_compile_test.cu does not build:"; sed 's/^/      /' "$tmp/log"; continue
  fi

  expect_ptx "$ptx" "sm_$sm: 4-byte copy is cp.async.ca"               "$(copy ca 4);"
  expect_ptx "$ptx" "sm_$sm: 8-byte copy is cp.async.ca"               "$(copy ca 8);"
  expect_ptx "$ptx" "sm_$sm: 16-byte .ca copy is cp.async.ca"          "$(copy ca 16);"
  expect_ptx "$ptx" "sm_$sm: 16-byte .cg copy is cp.async.cg"          "$(copy cg 16);"
  expect_ptx "$ptx" "sm_$sm: zero-fill 4-byte cp.async.ca"             "$(copy ca 4),[[:space:]]*%r[0-9]+;"
  expect_ptx "$ptx" "sm_$sm: zero-fill 8-byte cp.async.ca"             "$(copy ca 8),[[:space:]]*%r[0-9]+;"
  expect_ptx "$ptx" "sm_$sm: zero-fill 16-byte cp.async.ca"            "$(copy ca 16),[[:space:]]*%r[0-9]+;"
  expect_ptx "$ptx" "sm_$sm: zero-fill 16-byte cp.async.cg"            "$(copy cg 16),[[:space:]]*%r[0-9]+;"
  reject_ptx "$ptx" "sm_$sm: no 4/8-byte cp.async.cg"                  "$(copy cg '(4|8)')[,;]"
  expect_ptx "$ptx" "sm_$sm: cp.async.commit_group"                    'cp\.async\.commit_group;'
  expect_ptx "$ptx" "sm_$sm: cp.async.wait_group 1"                    'cp\.async\.wait_group[[:space:]]+1;'
  expect_ptx "$ptx" "sm_$sm: cp.async.wait_group 0"                    'cp\.async\.wait_group[[:space:]]+0;'
  expect_ptx "$ptx" "sm_$sm: cp.async.wait_all"                        'cp\.async\.wait_all;'
  expect_ptx "$ptx" "sm_$sm: cp.async.mbarrier.arrive"                 "cp\.async\.mbarrier\.arrive\.shared::cta\.b64[[:space:]]+$a;"
  expect_ptx "$ptx" "sm_$sm: cp.async.mbarrier.arrive.noinc"           "cp\.async\.mbarrier\.arrive\.noinc\.shared::cta\.b64[[:space:]]+$a;"
  expect_ptx "$ptx" "sm_$sm: mbarrier.init"                            "mbarrier\.init\.shared::cta\.b64[[:space:]]+$a,"
  expect_ptx "$ptx" "sm_$sm: mbarrier.arrive"                          "mbarrier\.arrive\.shared::cta\.b64[[:space:]]+%rd[0-9]+,"
  expect_ptx "$ptx" "sm_$sm: mbarrier.inval"                           "mbarrier\.inval\.shared::cta\.b64[[:space:]]+$a;"
  expect_ptx "$ptx" "sm_$sm: createpolicy evict_last, fraction 1.0"    'createpolicy\.fractional\.L2::evict_last\.b64[[:space:]]+%rd[0-9]+,[[:space:]]*1\.0;'
  expect_ptx "$ptx" "sm_$sm: createpolicy evict_first, fraction 1.0"   'createpolicy\.fractional\.L2::evict_first\.b64[[:space:]]+%rd[0-9]+,[[:space:]]*1\.0;'
  expect_ptx "$ptx" "sm_$sm: applypriority evict_normal, 128 bytes"    'applypriority\.global\.L2::evict_normal[[:space:]]+\[%rd[0-9]+(\+[0-9]+)?\],[[:space:]]*128;'

  if [[ $sm == 80 ]]; then
    reject_ptx "$ptx" "sm_80: sm_90-only wrappers compiled out"        'expect_tx|try_wait|fence\.proxy|mbarrier_init|bulk\.tensor|tensormap'
    continue
  fi
  expect_ptx "$ptx" "sm_$sm: mbarrier.arrive.expect_tx"                "mbarrier\.arrive\.expect_tx\.shared::cta\.b64[[:space:]]+%rd[0-9]+,[[:space:]]*$a,"
  expect_ptx "$ptx" "sm_$sm: mbarrier.try_wait.parity"                 "mbarrier\.try_wait\.parity\.shared::cta\.b64[[:space:]]+%?p[0-9]*,[[:space:]]*$a,[[:space:]]*%r[0-9]+;"
  expect_ptx "$ptx" "sm_$sm: mbarrier.try_wait.parity with hint"       "mbarrier\.try_wait\.parity\.shared::cta\.b64[[:space:]]+%?p[0-9]*,[[:space:]]*$a,[[:space:]]*%r[0-9]+,[[:space:]]*%r[0-9]+;"
  expect_ptx "$ptx" "sm_$sm: fence.proxy.async.shared::cta"            'fence\.proxy\.async\.shared::cta;'
  expect_ptx "$ptx" "sm_$sm: fence.mbarrier_init.release.cluster"      'fence\.mbarrier_init\.release\.cluster;'
  expect_ptx "$ptx" "sm_$sm: prefetch.tensormap"                       "prefetch\.tensormap[[:space:]]+$a;"
  for d in 2 3; do
    expect_ptx "$ptx" "sm_$sm: cp.async.bulk.tensor.${d}d"             "cp\.async\.bulk\.tensor\.${d}d\.shared::cluster\.global\.tile\.mbarrier::complete_tx::bytes[[:space:]]+$a,[[:space:]]*\[%rd[0-9]+,[[:space:]]*\{[^}]+\}\],[[:space:]]*$a;"
  done
  expect_ptx "$ptx" "sm_$sm: cp.async.bulk.tensor.2d with L2::cache_hint" "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.tile\.mbarrier::complete_tx::bytes\.L2::cache_hint[[:space:]]+$a,[[:space:]]*\[%rd[0-9]+,[[:space:]]*\{[^}]+\}\],[[:space:]]*$a,[[:space:]]*%rd[0-9]+;"
done

# --- 2. wrong-arch use fails to build; unused wrappers cost nothing ----------------------------
wrong=$root/tests/cuda/ptx_wrong_arch_test.cu

# expect_build SM USE RDC SYMBOL: build with -DETAGE_TEST_USE_<USE> (USE=NONE: no -D) for sm_SM,
# RDC=rdc compiles relocatable and device-links. SYMBOL empty: must build; else must fail naming it.
expect_build() {
  local sm=$1 use=$2 rdc=$3 symbol=$4 obj=$tmp/wrong.o label="sm_$1 ${2,,}${3:+ (-rdc=true)}" ok
  local args=("${flags[@]}" -gencode "arch=compute_$sm,code=sm_$sm")
  [[ $use != NONE ]] && args+=("-DETAGE_TEST_USE_$use")
  if [[ -n $rdc ]]; then
    "$nvcc" "${args[@]}" -rdc=true -c "$wrong" -o "$obj" >"$tmp/log" 2>&1 &&
      "$nvcc" -gencode "arch=compute_$sm,code=sm_$sm" -dlink "$obj" -o "$tmp/dlink.o" >>"$tmp/log" 2>&1
  else
    "$nvcc" "${args[@]}" -c "$wrong" -o "$obj" >"$tmp/log" 2>&1
  fi
  ok=$?
  if [[ -z $symbol ]]; then
    if ((ok == 0)); then pass "$label: builds"; else fail "$label: should build:"; sed 's/^/      /' "$tmp/log"; fi
  elif ((ok == 0)); then
    fail "$label: built, but must fail on $symbol"
  elif grep -q "$symbol" "$tmp/log"; then
    pass "$label: fails as expected: $(grep -m1 "$symbol" "$tmp/log")"
  else
    fail "$label: failed without naming $symbol:"; sed 's/^/      /' "$tmp/log"
  fi
}

expect_build 75 NONE        ""  ""
expect_build 75 NONE        rdc ""
expect_build 75 CP_ASYNC    ""  etage_ptx_cp_async_requires_sm80
expect_build 75 MBARRIER    ""  etage_ptx_mbarrier_requires_sm80
expect_build 80 MBARRIER_TX ""  etage_ptx_mbarrier_tx_requires_sm90
expect_build 80 BULK_TENSOR ""  etage_ptx_bulk_tensor_requires_sm90
expect_build 80 BULK_TENSOR rdc etage_ptx_bulk_tensor_requires_sm90
expect_build 75 CACHE_POLICY ""  etage_ptx_cache_policy_requires_sm80
expect_build 90a BULK_TENSOR "" ""

echo "ptx_compile_check: $failures failure(s)"
exit $((failures > 0))
