#pragma once
/// Small device buffers reused across algorithm calls (tensor maps, reduction partials), so
/// that a call does not pay an allocation and a deallocation (on CUDA: cudaMalloc, and
/// cudaFree's device-wide synchronisation) for a few bytes of per-launch data.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <Kokkos_Core.hpp>
#include <etage/error.hpp>

namespace etage::impl {

/// Which device an execution space instance runs on, for BufferPool: 0 where there is one
/// (host spaces); backends with several devices specialize it (CUDA: cuda_device()).
template <class ExecSpace, class = void>
struct DeviceOrdinal {
  static int of(ExecSpace const&) { return 0; }
};

/// A process-wide pool of `MemorySpace` buffers. acquire(space, bytes) hands out a buffer of
/// at least `bytes` bytes on `space`'s device, 128-byte aligned, owned by the returned
/// shared_ptr (acquire(bytes): the memory space's default execution space instance).
///
/// Stream-ordered reuse. A caller may drop the handle as soon as the work that uses the
/// buffer is *enqueued* on `space`, without waiting for it (etage algorithms are asynchronous,
/// like Kokkos::parallel_for). The buffer then goes back to the free list of the instance
/// that acquired it (key: device, space.impl_instance_id()) and is handed out again only to
/// that instance, whose later work runs after the work already queued on it; another
/// instance never receives it. A caller that shares a buffer with other instances fences
/// them before dropping it. The pool frees everything at Kokkos::finalize. Thread-safe.
///
/// `Zeroed` = true is a separate pool whose buffers are all-zero when handed out: fresh ones
/// are zero-filled on the acquiring space's instance and waited for, and callers must give
/// them back all-zero by the time the instance's queued work has run (e.g. a counter that
/// its last user resets in the kernel). It saves a memset per call.
template <class MemorySpace, bool Zeroed = false>
class BufferPool {
  using Buffer = Kokkos::View<unsigned char*, MemorySpace>;
  struct State {
    std::mutex mutex;
    std::map<std::pair<int, std::uint32_t>, std::vector<Buffer>> free;  // by (device, instance)
    bool finalized = false;
  };
  static State& state() {
    // Never destroyed: buffers may come back after static destruction has begun.
    static State* const s = [] {
      auto* st = new State;
      Kokkos::push_finalize_hook([st] {
        std::lock_guard<std::mutex> lock(st->mutex);
        st->free.clear();
        st->finalized = true;
      });
      return st;
    }();
    return *s;
  }

 public:
  /// Registers the pool's Kokkos finalize hook now (it is otherwise registered on first use).
  /// A component that keeps buffers of this pool (pooled or unpooled) and empties itself in
  /// its own finalize hook calls this first: Kokkos runs finalize hooks last-registered
  /// first, so its hook then runs before the pool's and its buffers are pooled or freed
  /// before the pool marks Kokkos finalized (after which they are leaked).
  static void register_finalize_hook() { (void)state(); }

  static std::shared_ptr<void> acquire(std::size_t bytes) {
    return acquire(typename MemorySpace::execution_space{}, bytes);
  }

  template <class ExecSpace>
  static std::shared_ptr<void> acquire(ExecSpace const& space, std::size_t bytes) {
    return get(space, bytes, true);
  }

  /// A buffer of its own, like acquire() but never taken from or returned to the free lists:
  /// freed when the last handle drops. For a caller that writes the buffer outside `space`'s
  /// stream order (for example a host-to-device copy on another stream): a pooled buffer may
  /// still be written by work queued on its instance, which that copy does not wait for.
  /// Its owner must make sure no queued work reads it when the last handle drops.
  template <class ExecSpace>
  static std::shared_ptr<void> allocate_unpooled(ExecSpace const& space, std::size_t bytes) {
    return get(space, bytes, false);
  }

 private:
  template <class ExecSpace>
  static std::shared_ptr<void> get(ExecSpace const& space, std::size_t bytes, bool pooled) {
    State& st = state();
    std::pair<int, std::uint32_t> const key{DeviceOrdinal<ExecSpace>::of(space), space.impl_instance_id()};
    Buffer buf;
    {
      std::lock_guard<std::mutex> lock(st.mutex);
      if (st.finalized) throw InvalidArgument("etage: device buffer requested after Kokkos::finalize");
      if (pooled) {
        // Smallest free buffer of this device and instance that is large enough.
        std::vector<Buffer>& list = st.free[key];
        std::size_t best = list.size();
        for (std::size_t i = 0; i < list.size(); ++i)
          if (list[i].extent(0) >= bytes + 128 && (best == list.size() || list[i].extent(0) < list[best].extent(0)))
            best = i;
        if (best != list.size()) {
          buf = list[best];
          list.erase(list.begin() + std::ptrdiff_t(best));
        }
      }
    }
    if (!buf.data()) {
      // Allocation sizes are rounded up so that similar requests share buffers; 128 bytes
      // of slack let the data start on a 128-byte boundary whatever Kokkos' alignment.
      std::size_t const rounded = (bytes + 255) / 256 * 256 + 128;
      if constexpr (Zeroed) {
        // Kokkos zero-fills on `space` without waiting; wait here (once per buffer), so that
        // a buffer handed back unused by a failed call is already zero for its next user.
        buf = Buffer(Kokkos::view_alloc(space, "etage::buffer_pool (zeroed)"), rounded);
        space.fence("etage::buffer_pool: zero fill");
      } else buf = Buffer(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "etage::buffer_pool"), rounded);
    }
    auto const base = reinterpret_cast<std::uintptr_t>(buf.data());
    void* const aligned = reinterpret_cast<void*>((base + 127) / 128 * 128);
    return std::shared_ptr<void>(aligned, [buf, key, pooled](void*) mutable {
      State& s = state();
      std::lock_guard<std::mutex> lock(s.mutex);
      if (s.finalized) new Buffer(buf);  // Kokkos is finalized: nothing may be freed any more; leak it
      else if (pooled) s.free[key].push_back(buf);
      else buf = Buffer();  // freed here, under the lock that orders it before finalize
    });
  }
};

}  // namespace etage::impl
