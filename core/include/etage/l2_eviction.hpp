#pragma once
/// L2 eviction priority hints for a tile loop's copies, and the call that returns the lines a
/// hint kept to normal priority.
///
/// A hint changes no result. It tells the L2 which lines to evict first when it needs room
/// (PTX ISA, "Cache Eviction Priority Hints" and "createpolicy"; sm_80+). An engine applies
/// it to the copies that fill its stages when Engine::l2_eviction_hints is true (BulkTensor:
/// cp.async.bulk.tensor with .L2::cache_hint); the other engines ignore it.
///
/// L2Eviction::Last has an after-effect: its lines keep their priority over later work after
/// the kernel ends. The CUDA Programming Guide ("L2 Cache Control") describes persisting lines
/// and their reset for access-policy windows; that the same holds for evict_last lines is
/// measured, not documented (perf/NOTES.md, memory attempt 25, one H200 each): an L2-resident
/// 16 MiB copy took 6.80-6.91 us after a 1 GiB copy whose loads carried evict_last, against
/// 6.23-6.55 us after plain ones; 200 ms of sleep did not clear that,
/// cudaCtxResetPersistingL2Cache (reset_l2_persisting_lines) did, in 4-6 us of host time after
/// a fence; with the L2 set-aside for persisting accesses at 0
/// (cudaLimitPersistingL2CacheSize; the driver's default there is 11,796,480 bytes of a
/// 62,914,560-byte L2) the after-effect was gone and most of the gain stayed.
///
/// The lines that stay persisting are the last-loaded ones (memory attempt 26, run A): after an
/// evict_last 1 GiB copy the resident copy took 1.07-1.09x its time before; demoting
/// (applypriority evict_normal) the copy's last 48 MiB brought that to 1.00, its last 16 MiB to
/// 1.03-1.04, its first 48 MiB only to 1.04-1.07. So a tile loop can
/// bound it without a fence: Operand's l2_demote_tiles makes a team demote its last tiles'
/// lines once its loop is done (stencil_3d's last wave does, stencil_3d_l2_demote_planes).
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <Kokkos_Core.hpp>

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
/// return: a fence. The CUDA backend specializes it (<etage/cuda/support.hpp>, included by
/// <etage/etage.hpp>); a device space without a specialization does not compile, so that a
/// missing include cannot turn the reset into a plain fence.
template <class ExecSpace>
struct L2Persistence {
  static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ExecSpace::memory_space>::accessible,
                "etage::reset_l2_persisting_lines: no reset for this execution space is visible here; include "
                "<etage/etage.hpp> (for CUDA, <etage/cuda/support.hpp>)");
  static void reset(ExecSpace const& space) { space.fence("etage::reset_l2_persisting_lines"); }
};

}  // namespace impl

/// Waits for the work queued on `space` (space.fence()), then returns every persisting L2
/// line of `space`'s device to normal priority: the lines that copies with L2Eviction::Last
/// left behind (and, as the CUDA runtime offers no narrower reset, any lines the application
/// itself made persisting). CUDA: cudaCtxResetPersistingL2Cache on the device of `space` (CUDA
/// Runtime API; it takes effect when it returns); the calling thread's current device is
/// switched for the call and restored. Host spaces: the fence only.
/// Preconditions: work with L2Eviction::Last queued on other instances has finished (only
/// `space` is fenced). Call it after the last such call, before work that relies on L2.
/// Errors: etage::Error naming the CUDA runtime call that failed and its message.
template <class ExecSpace>
void reset_l2_persisting_lines(ExecSpace const& space) {
  impl::L2Persistence<ExecSpace>::reset(space);
}

}  // namespace etage
