#pragma once
/// L2 eviction priority hints for a tile loop's copies, and the call that returns the lines a
/// hint kept to normal priority.
///
/// A hint changes no result. It tells the L2 which lines to evict first when it needs room
/// (PTX ISA, "Cache Eviction Priority Hints" and "createpolicy"; sm_80+). An engine applies
/// it to the copies that fill its stages when Engine::l2_eviction_hints is true (BulkTensor:
/// cp.async.bulk.tensor with .L2::cache_hint); the other engines ignore it.
///
/// L2Eviction::Last has an after-effect. The CUDA Programming Guide ("L2 Cache Set-Aside for
/// Persisting Accesses") counts evict_last lines as persisting lines: they keep priority over
/// other data in the L2's set-aside portion (cudaLimitPersistingL2CacheSize; on an H200 the
/// driver's default is 11,796,480 bytes of its 60 MiB) after the kernel ends, until they are
/// reset. Measured on two H200s (perf/NOTES.md, memory attempt 25): an L2-resident 16 MiB
/// copy took 6.7-7.0 us after a 1 GiB copy whose loads carried evict_last, against 6.2-6.6 us
/// after a plain one; 200 ms of sleep did not clear that, cudaCtxResetPersistingL2Cache
/// (reset_l2_persisting_lines) did, in 4-6 us of host time after the fence.
#include <cstdint>
#include <string_view>

namespace etage {

/// L2 eviction priority the copies of an operand ask for.
enum class L2Eviction : std::uint8_t {
  /// No hint: the copies are issued exactly as without the option.
  Normal,
  /// createpolicy.fractional.L2::evict_first, fraction 1.0: the lines leave L2 before normal ones.
  First,
  /// createpolicy.fractional.L2::evict_last, fraction 1.0: the lines leave L2 after normal ones,
  /// and stay persisting after the kernel (see the file comment).
  Last,
};

/// "normal", "evict_first" or "evict_last".
constexpr std::string_view l2_eviction_name(L2Eviction e) {
  return e == L2Eviction::First ? "evict_first" : e == L2Eviction::Last ? "evict_last" : "normal";
}

namespace impl {

/// How an execution space returns persisting L2 lines to normal. Host spaces have none to
/// return: a fence. The CUDA backend specializes it (<etage/cuda/support.hpp>).
template <class ExecSpace>
struct L2Persistence {
  static void reset(ExecSpace const& space) { space.fence("etage::reset_l2_persisting_lines"); }
};

}  // namespace impl

/// Waits for the work queued on `space` (space.fence()), then returns every persisting L2
/// line of the calling process's device context to normal priority: the lines that copies
/// with L2Eviction::Last left behind (and, as the CUDA runtime offers no narrower reset, any
/// lines the application itself made persisting). CUDA: cudaCtxResetPersistingL2Cache
/// (CUDA Runtime API; it takes effect when it returns). Host spaces: the fence only.
/// Call it after the last call that used L2Eviction::Last, before work that relies on L2.
/// Errors: etage::Error when the CUDA runtime reports a failure (its message included).
template <class ExecSpace>
void reset_l2_persisting_lines(ExecSpace const& space) {
  impl::L2Persistence<ExecSpace>::reset(space);
}

}  // namespace etage
