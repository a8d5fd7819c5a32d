#pragma once
/// The BulkTensor engine (sm_90+): one elected thread of a producer warp issues
/// cp.async.bulk.tensor copies described by CUtensorMaps; a full mbarrier per stage counts
/// the bytes (expect_tx) and an empty mbarrier per stage counts consumer-warp releases.
#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <Kokkos_Core.hpp>
#include <etage/buffer_pool.hpp>
#include <etage/config.hpp>
#include <etage/cuda/occupancy.hpp>
#include <etage/cuda/watchdog.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/l2_eviction.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/ptx.hpp>
#include <etage/tile.hpp>

namespace etage {
namespace impl {
/// Elements of `Source` per tensor-map element: 1, or 8 / sizeof(T) for a box whose rows
/// hold more than 256 elements of fewer than 8 bytes. A tensor map allows at most 256 elements
/// per box dimension (CUDA Driver API, cuTensorMapEncodeTiled, boxDim); such a box is
/// described with 8-byte elements (CU_TENSOR_MAP_DATA_TYPE_UINT64) instead, up to 2,048 bytes
/// per row. The bytes copied are the same; the source's inner extent and every box's inner
/// origin must then be multiples of the pack (encode_tensor_map checks the extent, the
/// loader the origins).
template <class Source>
inline constexpr int tensor_map_pack =
    Source::box_inner > 256 && sizeof(typename Source::value_type) < 8 ? int(8 / sizeof(typename Source::value_type)) : 1;
}  // namespace impl

/// BulkTensor pipeline, 2..8 stages, warp-specialized (team = 1 producer warp + consumer
/// warps). Barriers live in team scratch: full[s] (1 arrival: the producer's
/// arrive.expect_tx, plus the transaction bytes of the copies) and empty[s] (one arrival per
/// consumer warp). Waits are parity waits (PTX ISA 7.8/8.0, "mbarrier.try_wait"); the
/// producer starts at phase 1, so its first wait on each empty barrier passes at once.
template <int Stages>
class Pipeline<engine::BulkTensor, Stages> : impl::StageCountCheck<engine::BulkTensor, Stages> {
 public:
  using engine_type = engine::BulkTensor;
  static constexpr int stages = Stages;
  /// Whether the tile loop issues the next copies after consumer_wait (see tile_loop.hpp).
  static constexpr bool issue_after_wait = false;
  static constexpr std::size_t scratch_bytes() { return 2 * Stages * sizeof(std::uint64_t) + 8; }

  /// Every thread of the team constructs it; `tx_bytes` is the byte count of one stage (all
  /// operands' boxes), armed on full[s] at each producer_acquire.
  template <class Member>
  ETAGE_INLINE_FUNCTION Pipeline(Member const& m, std::uint32_t tx_bytes)
      : tx_bytes_(tx_bytes), league_rank_(m.league_rank()) {
    bars_ = static_cast<std::uint64_t*>(m.team_scratch(0).get_shmem_aligned(2 * Stages * sizeof(std::uint64_t), 8));
    consumer_warps_ = (m.team_size() - 32) / 32;
    if (m.team_size() % 32 != 0 || consumer_warps_ < 1)
      Kokkos::abort("etage BulkTensor: team size must be a multiple of 32 with at least one consumer warp");
#if ETAGE_ARCH_MBARRIER_TX
    if (m.team_rank() == 0) {
      for (int s = 0; s < Stages; ++s) {
        ptx::mbarrier_init(full(s), 1);
        ptx::mbarrier_init(empty(s), std::uint32_t(consumer_warps_));
      }
      ptx::fence_mbarrier_init_release_cluster();
    }
#else
    Kokkos::abort("etage: the BulkTensor engine runs only on CUDA sm_90+");
#endif
    m.team_barrier();
  }

  ETAGE_INLINE_FUNCTION std::uint64_t* full(int s) const { return bars_ + s; }
  ETAGE_INLINE_FUNCTION std::uint64_t* empty(int s) const { return bars_ + Stages + s; }

  /// Producer (elected thread): wait until consumers freed slot st.index(), then arm its full
  /// barrier with this stage's transaction bytes.
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_acquire(Member const&, PipelineState<Stages> const& st) {
    ring_.on_acquire();
#if ETAGE_ARCH_MBARRIER_TX
    impl::mbarrier_wait(empty(st.index()), {"BulkTensor", "empty", st.index(), st.phase(),
                                            std::uint32_t(consumer_warps_), "consumer-warp arrivals", league_rank_});
    ptx::mbarrier_arrive_expect_tx(full(st.index()), tx_bytes_);
#endif
  }
  /// The copies complete on full[s] by themselves (complete_tx); nothing to do.
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_commit(Member const&, PipelineState<Stages> const&) {
    ring_.on_commit();
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_wait(Member const&, PipelineState<Stages> const& st) {
    ring_.on_wait();
#if ETAGE_ARCH_MBARRIER_TX
    impl::mbarrier_wait(full(st.index()), {"BulkTensor", "full", st.index(), st.phase(), tx_bytes_,
                                           "transaction bytes", league_rank_});
#endif
  }
  /// Each consumer warp arrives once on empty[s], after all its lanes are done reading.
  template <class Member>
  ETAGE_INLINE_FUNCTION void consumer_release(Member const& m, PipelineState<Stages> const& st) {
    ring_.on_release();
#if ETAGE_ARCH_MBARRIER_TX
    __syncwarp();
    if (m.team_rank() % 32 == 0) ptx::mbarrier_arrive(empty(st.index()));
#else
    (void)m, (void)st;
#endif
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void finalize(Member const& m) {
    m.team_barrier();
#if ETAGE_ARCH_MBARRIER_TX
    if (m.team_rank() == 0)
      for (int s = 0; s < 2 * Stages; ++s) ptx::mbarrier_inval(bars_ + s);
#endif
  }

 private:
  std::uint64_t* bars_ = nullptr;
  std::uint32_t tx_bytes_;
  int consumer_warps_ = 0;
  int league_rank_;
  impl::RingAccounting<Stages, true> ring_;
};

/// BulkTensor loader: the elected producer thread issues one 2D bulk tensor copy per tile
/// into the slot, completing on the slot's full barrier. The box arrives dense as
/// [box_outer][box_inner]; elements outside the tensor are zero (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE).
template <class Source, int Threads>
struct TileLoader<engine::BulkTensor, Source, Threads> {
  using T = typename Source::value_type;
  Source src;
  bool map_acquired = false;  // the issuing thread fenced the tensor map (first issue)

  ETAGE_INLINE_FUNCTION explicit TileLoader(Source const& s) : src(s) {}

  /// Tensor-map coordinates (innermost first, signed 32-bit, in tensor-map elements:
  /// impl::tensor_map_pack source elements each) of the box at (c0, c1), given in the source's
  /// dimension order. Precondition: the inner origin is a multiple of the pack (aborts if not).
  struct BoxCoordinates {
    std::int32_t inner, outer;
  };
  static constexpr int pack = impl::tensor_map_pack<Source>;
  ETAGE_FORCEINLINE_FUNCTION static BoxCoordinates box_coordinates(std::int64_t c0, std::int64_t c1) {
    std::int64_t const inner = Source::inner == 1 ? c1 : c0;
    if constexpr (pack > 1)
      if (inner % pack != 0)
        Kokkos::abort("etage BulkTensor: a box row of over 256 elements needs an inner origin on an 8-byte boundary");
    return {std::int32_t(inner / pack), std::int32_t(Source::inner == 1 ? c0 : c1)};
  }

  /// Issues the copy of the box at (c0, c1) into `dst`, completing on the slot's full barrier.
  /// `E`: the L2 eviction policy of the copy's reads (Operand's L2Eviction); Normal issues the
  /// copy without .L2::cache_hint.
  template <L2Eviction E = L2Eviction::Normal, class Member, class Pipe, class State>
  ETAGE_INLINE_FUNCTION void issue(Member const&, Pipe& pipe, State const& st, T* dst, std::int64_t c0,
                                   std::int64_t c1) {
#if ETAGE_ARCH_BULK_TENSOR
    if (!map_acquired) {
      // The map was written by a host-to-device copy (when its cache entry was made):
      // acquire it in the tensormap proxy before the first copy.
      ptx::fence_proxy_tensormap_acquire_sys(src.tensor_map);
      map_acquired = true;
    }
    BoxCoordinates const b = box_coordinates(c0, c1);
    if constexpr (E == L2Eviction::Normal) {
      ptx::cp_async_bulk_tensor_2d_global_to_shared(ptx::smem_address(dst), src.tensor_map, b.inner, b.outer,
                                                    pipe.full(st.index()));
    } else {
      std::uint64_t const policy = E == L2Eviction::Last ? ptx::createpolicy_fractional_l2_evict_last()
                                                         : ptx::createpolicy_fractional_l2_evict_first();
      ptx::cp_async_bulk_tensor_2d_global_to_shared_hint(ptx::smem_address(dst), src.tensor_map, b.inner, b.outer,
                                                         pipe.full(st.index()), policy);
    }
#else
    (void)pipe, (void)st, (void)dst, (void)c0, (void)c1;
    Kokkos::abort("etage: the BulkTensor engine runs only on CUDA sm_90+");
#endif
  }
  /// L2 prefetch of the box at (c0, c1) (Operand::l2_prefetch_distance). Precondition: called
  /// by the issuing thread after its first issue, which acquired the tensor map.
  ETAGE_INLINE_FUNCTION void prefetch(std::int64_t c0, std::int64_t c1) const {
#if ETAGE_ARCH_BULK_TENSOR
    BoxCoordinates const b = box_coordinates(c0, c1);
    ptx::cp_async_bulk_prefetch_tensor_2d_l2(src.tensor_map, b.inner, b.outer);
#else
    (void)c0, (void)c1;
#endif
  }
  /// Returns the L2 lines of row `r` (in [0, box_outer)) of the box at (c0, c1), the part of
  /// it inside the tensor, to the normal eviction priority: one
  /// applypriority.global.L2::evict_normal per 128-byte line (ptx::applypriority_global_l2_evict_normal).
  /// Changes no data. A line that also holds bytes outside the row (before its first element,
  /// after its last) is demoted as a whole; it lies in the same page as the row, so it is mapped.
  ETAGE_INLINE_FUNCTION void l2_demote_row(std::int64_t c0, std::int64_t c1, int r) const {
#if ETAGE_ARCH_BULK_TENSOR
    // The inner stride is 1 (bulk tensor copies need a contiguous innermost dimension).
    auto const bytes = impl::box_row_bytes(src, c0, c1, r);
    for (std::uintptr_t l = bytes.first & ~std::uintptr_t(127); l < bytes.second; l += 128)
      ptx::applypriority_global_l2_evict_normal(reinterpret_cast<void const*>(l));
#else
    (void)c0, (void)c1, (void)r;
#endif
  }
  template <class Member>
  ETAGE_INLINE_FUNCTION void flush(Member const&) const {}
};

namespace impl {

/// cuTensorMapEncodeTiled from the driver, fetched at run time (no link against libcuda).
inline PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encoder() {
  static PFN_cuTensorMapEncodeTiled_v12000 fn = [] {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult q{};
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q) != cudaSuccess ||
        q != cudaDriverEntryPointSuccess)
      p = nullptr;
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(p);
  }();
  return fn;
}

/// Device copies of encoded tensor maps, keyed by (device, the map's 128 bytes), so that
/// repeated calls on one operand pay no host-to-device copy. Each entry has a device buffer of
/// its own (BufferPool::allocate_unpooled), written once by its first copy and never again,
/// so kernels on any stream may read them concurrently. Launches are asynchronous and let go
/// of their LaunchResources once enqueued, so the cache is what keeps an entry alive while
/// kernels read it. At most `capacity` entries: a miss beyond it waits for all work on the
/// device (Kokkos::fence), then drops the whole cache, so no queued kernel still reads a
/// dropped entry. Emptied at Kokkos::finalize. Thread-safe.
class TensorMapCache {
 public:
  static constexpr std::size_t capacity = 1024;

  /// The device copy of `map` on the device of Kokkos' default CUDA instance (a cached one, or
  /// a fresh one copied and waited for); null when the copy failed.
  static std::shared_ptr<void> device_copy(CUtensorMap const& map) {
    // The device the pool allocates on (Kokkos' default CUDA instance), not the calling
    // thread's current device, which a new std::thread has at 0.
    int const device = DeviceOrdinal<Kokkos::Cuda>::of(Kokkos::Cuda{});
    Key key{device, {}};
    std::memcpy(key.bytes.data(), &map, sizeof(CUtensorMap));
    State& st = state();
    {
      std::lock_guard<std::mutex> lock(st.mutex);
      if (st.finalized) throw InvalidArgument("etage: tensor map requested after Kokkos::finalize");
      if (auto it = st.entries.find(key); it != st.entries.end()) return it->second;
    }
    // Not a pooled buffer: a pooled one may have been released by a call whose kernel is
    // still queued and still writes it (reduction partials), and the copy below runs on
    // another stream, which does not wait for that kernel. (Found by compute-sanitizer:
    // sum, dot and max_value queued back to back.)
    std::shared_ptr<void> buf =
        BufferPool<Kokkos::CudaSpace>::allocate_unpooled(Kokkos::Cuda{}, sizeof(CUtensorMap));
    // A pageable host-to-device cudaMemcpy may return before the data lands, and it is
    // ordered only against blocking streams; the kernel may run on a non-blocking one. So the
    // copy runs on this thread's default stream and is waited for before anyone uses it.
    if (cudaMemcpyAsync(buf.get(), &map, sizeof(CUtensorMap), cudaMemcpyHostToDevice, cudaStreamPerThread) !=
            cudaSuccess ||
        cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess) {
      (void)cudaGetLastError();
      return {};
    }
    std::lock_guard<std::mutex> lock(st.mutex);
    if (st.entries.size() >= capacity) {
      Kokkos::fence("etage::TensorMapCache: full, dropping every entry");
      st.entries.clear();
    }
    return st.entries.try_emplace(key, std::move(buf)).first->second;
  }

  /// Entries cached now (for tests).
  static std::size_t size() {
    State& st = state();
    std::lock_guard<std::mutex> lock(st.mutex);
    return st.entries.size();
  }

 private:
  struct Key {
    int device;
    std::array<unsigned char, sizeof(CUtensorMap)> bytes;
    bool operator<(Key const& o) const { return device != o.device ? device < o.device : bytes < o.bytes; }
  };
  struct State {
    std::mutex mutex;
    std::map<Key, std::shared_ptr<void>> entries;
    bool finalized = false;
  };
  static State& state() {
    static State* const s = [] {
      // The pool's finalize hook must run after ours (Kokkos runs finalize hooks in reverse
      // order of registration): our entries' buffers are freed only while the pool has not
      // marked Kokkos finalized (after that they are leaked).
      BufferPool<Kokkos::CudaSpace>::register_finalize_hook();
      auto* st = new State;
      Kokkos::push_finalize_hook([st] {
        std::lock_guard<std::mutex> lock(st->mutex);
        st->entries.clear();
        st->finalized = true;
      });
      return st;
    }();
    return *s;
  }
};

/// Builds the CUtensorMap of `s` in device global memory (kept alive by `res`) and stores
/// its address in s.tensor_map. Returns why the source does not qualify, or "" on success.
/// Rules (CUDA Driver API, cuTensorMapEncodeTiled): global address 16 B aligned, strides
/// multiples of 16 B, inner stride 1 element, box extents in [1, 256] tensor-map elements
/// (a box row of more than 256 elements of under 8 bytes is encoded with 8-byte elements,
/// impl::tensor_map_pack, and needs an inner extent that is a multiple of the pack), box
/// inner bytes a multiple of 16; extents below 2^31 - 512 (coordinates are signed 32-bit).
template <class Source>
std::string encode_tensor_map(Source& s, LaunchResources& res) {
  using T = typename Source::value_type;
  if (s.extent[0] == 0 || s.extent[1] == 0) return {};  // no tile will ever be loaded
  auto bytes = [](std::int64_t v) { return std::to_string(v) + " bytes"; };
  if (reinterpret_cast<std::uintptr_t>(s.data) % 16 != 0)
    return "base address " + std::to_string(reinterpret_cast<std::uintptr_t>(s.data)) + " is not 16-byte aligned";
  if (s.stride_inner() != 1)
    return "inner stride is " + std::to_string(s.stride_inner()) + " elements; bulk tensor copies need 1";
  std::int64_t stride_bytes = s.stride_outer() * std::int64_t(sizeof(T));
  if (s.extent_outer() == 1) stride_bytes = (s.extent_inner() * std::int64_t(sizeof(T)) + 15) / 16 * 16;
  if (stride_bytes % 16 != 0) return "row stride is " + bytes(stride_bytes) + ", not a multiple of 16 bytes";
  constexpr int pack = tensor_map_pack<Source>;
  if (Source::box_inner > 256 * pack || Source::box_outer > 256)
    return "box " + std::to_string(Source::box_outer) + "x" + std::to_string(Source::box_inner) + " exceeds " +
           (pack > 1 ? "2048 bytes per row or 256 rows" : "256 elements in a dimension");
  if (s.extent_inner() % pack != 0)
    return "inner extent is " + std::to_string(s.extent_inner()) + " elements, not a multiple of " + std::to_string(pack) +
           ": box rows of " + std::to_string(Source::box_inner) +
           " elements (over 256) are copied as 8-byte tensor-map elements";
  if ((Source::box_inner * sizeof(T)) % 16 != 0)
    return "box inner extent is " + bytes(Source::box_inner * sizeof(T)) + ", not a multiple of 16 bytes";
  // Box coordinates are signed 32-bit (PTX ISA 8.0, "cp.async.bulk.tensor"): every origin a
  // tile loop can ask for, halo boxes included, must stay below 2^31.
  std::int64_t const coord_limit = (std::int64_t(1) << 31) - 2 * 256;
  if (s.extent_inner() >= coord_limit || s.extent_outer() >= coord_limit)
    return "an extent (" + std::to_string(s.extent_inner()) + " x " + std::to_string(s.extent_outer()) +
           ") reaches 2^31 - 512 elements; bulk tensor coordinates are signed 32-bit";
  auto encode = tensor_map_encoder();
  if (encode == nullptr) return "cuTensorMapEncodeTiled is not available from the CUDA driver";

  CUtensorMap map{};  // zeroed: all 128 bytes are the cache key, whatever the driver leaves unwritten
  cuuint64_t dims[2] = {cuuint64_t(s.extent_inner() / pack), cuuint64_t(s.extent_outer())};
  cuuint64_t strides[1] = {cuuint64_t(stride_bytes)};
  cuuint32_t box[2] = {cuuint32_t(Source::box_inner / pack), cuuint32_t(Source::box_outer)};
  cuuint32_t elem_strides[2] = {1, 1};
  CUtensorMapDataType const dtype = pack > 1        ? CU_TENSOR_MAP_DATA_TYPE_UINT64
                                    : sizeof(T) == 4 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
                                                     : CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  CUresult const rc = encode(&map, dtype, 2, const_cast<T*>(s.data), dims, strides, box, elem_strides,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (rc != CUDA_SUCCESS) return "cuTensorMapEncodeTiled failed with CUresult " + std::to_string(int(rc));
  // Tensor maps must sit in param, const or global memory (PTX ISA 8.0, "Tensor maps"); a
  // Kokkos functor may be copied to local memory, so the map lives in device global memory.
  // Device copies are cached by content: a call on the same operand (same address, extents,
  // strides and box) reuses the copy without a host-to-device transfer.
  std::shared_ptr<void> buf = TensorMapCache::device_copy(map);
  if (!buf) return "copying the tensor map to the device failed";
  auto* dev = static_cast<CUtensorMap*>(buf.get());
  s.tensor_map = dev;
  res.keep_alive.push_back(std::move(buf));
  return {};
}

}  // namespace impl
}  // namespace etage
