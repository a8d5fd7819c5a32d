// Uses one etage::ptx wrapper, chosen by -D, on an SM too old for it; ptx_compile_check.sh
// expects that build to fail on the wrapper's etage_ptx_*_requires_smXX symbol. With no -D the
// kernel uses nothing, and including every header must still build on any SM.
#include <cstdint>

#include <etage/ptx.hpp>

__global__ void ptx_wrong_arch_test_kernel(void const* gmem, std::uint32_t* out) {
  __shared__ std::uint64_t bar;
  std::uint32_t result = 0;
#if defined(ETAGE_TEST_USE_CP_ASYNC)
  __shared__ unsigned char smem[16];
  etage::ptx::cp_async_cg_shared_global<16>(etage::ptx::smem_address(smem), gmem);
#elif defined(ETAGE_TEST_USE_MBARRIER)
  etage::ptx::mbarrier_init(&bar, 1);
#elif defined(ETAGE_TEST_USE_MBARRIER_TX)
  result = etage::ptx::mbarrier_try_wait_parity(&bar, 0);
#elif defined(ETAGE_TEST_USE_BULK_TENSOR)
  __shared__ unsigned char smem[16];
  etage::ptx::cp_async_bulk_tensor_2d_global_to_shared(etage::ptx::smem_address(smem), gmem, 0, 0, &bar);
#elif defined(ETAGE_TEST_USE_CACHE_POLICY)
  result = static_cast<std::uint32_t>(etage::ptx::createpolicy_fractional_l2_evict_last());
#endif
  out[threadIdx.x] = result + static_cast<std::uint32_t>(bar);
}
