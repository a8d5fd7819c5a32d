// Calls every etage::ptx wrapper on runtime values so that ptxas assembles each PTX string for
// the target SM. Compiled (never run) by ptx_compile_check.sh; sm_90-only wrappers are
// guarded by the config switches so the sm_80 build covers the rest.
#include <cuda.h>  // CUtensorMap

#include <cstdint>

#include <etage/ptx.hpp>

namespace ptx = etage::ptx;

__global__ void ptx_compile_test_kernel(float const* gmem, float* out, std::uint32_t n, std::uint32_t parity,
                                        std::int32_t c0, std::int32_t c1, std::int32_t c2,
                                        const __grid_constant__ CUtensorMap tmap) {
  alignas(128) __shared__ unsigned char smem[16 * 128];
  __shared__ std::uint64_t bar[2];

  std::uint32_t const dst = ptx::smem_address(smem + 16 * threadIdx.x);
  char const* const src = reinterpret_cast<char const*>(gmem) + 16 * (blockIdx.x * blockDim.x + threadIdx.x);

  ptx::cp_async_ca_shared_global<4>(dst, src);
  ptx::cp_async_ca_shared_global<8>(dst, src);
  ptx::cp_async_ca_shared_global<16>(dst, src);
  ptx::cp_async_ca_shared_global<4>(dst, src, n % 5);
  ptx::cp_async_ca_shared_global<8>(dst, src, n % 9);
  ptx::cp_async_ca_shared_global<16>(dst, src, n % 17);
  ptx::cp_async_cg_shared_global<16>(dst, src);
  ptx::cp_async_cg_shared_global<16>(dst, src, n % 17);
  ptx::cp_async_commit_group();
  ptx::cp_async_wait_group<1>();
  ptx::cp_async_wait_group<0>();
  ptx::cp_async_wait_all();

  ptx::mbarrier_init(&bar[0], n);
  ptx::mbarrier_init(&bar[1], n + 1);
  ptx::cp_async_mbarrier_arrive(&bar[0]);
  ptx::cp_async_mbarrier_arrive_noinc(&bar[0]);
  std::uint64_t state = ptx::mbarrier_arrive(&bar[0]);
  bool done = false;
  std::uint64_t const evict_last = ptx::createpolicy_fractional_l2_evict_last();
  std::uint64_t const evict_first = ptx::createpolicy_fractional_l2_evict_first();
  ptx::applypriority_global_l2_evict_normal(out + 32 * (threadIdx.x % 4));

#if ETAGE_ARCH_MBARRIER_TX
  ptx::fence_mbarrier_init_release_cluster();
  ptx::fence_proxy_async_shared_cta();
  state ^= ptx::mbarrier_arrive_expect_tx(&bar[1], 16 * n);
  done = ptx::mbarrier_try_wait_parity(&bar[1], parity);
  done = done && ptx::mbarrier_try_wait_parity(&bar[1], parity, n);
#endif
#if ETAGE_ARCH_BULK_TENSOR
  ptx::prefetch_tensormap(&tmap);
  ptx::cp_async_bulk_tensor_2d_global_to_shared(ptx::smem_address(smem), &tmap, c0, c1, &bar[1]);
  ptx::cp_async_bulk_tensor_3d_global_to_shared(ptx::smem_address(smem), &tmap, c0, c1, c2, &bar[1]);
  ptx::cp_async_bulk_tensor_2d_global_to_shared_hint(ptx::smem_address(smem), &tmap, c0, c1, &bar[1],
                                                     n % 2 ? evict_last : evict_first);
#endif

  ptx::mbarrier_inval(&bar[1]);
  out[threadIdx.x] = float(smem[threadIdx.x]) + float(state) + float(done) + float(c0 + c1 + c2 + parity) +
                   float(evict_last ^ evict_first);
}
