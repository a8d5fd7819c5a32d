// Session 17 run C: LD_PRELOAD shim that sets the L2 set-aside for persisting accesses
// (cudaLimitPersistingL2CacheSize) to $L2_LIMIT bytes when the process starts, so that an
// unchanged binary (session 16's stencil probes) runs under it. Prints the limit read back.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
__attribute__((constructor)) static void set_l2_limit() {
  char const* l = std::getenv("L2_LIMIT");
  if (!l) return;
  cudaError_t const e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, std::strtoull(l, nullptr, 10));
  size_t v = 0;
  cudaDeviceGetLimit(&v, cudaLimitPersistingL2CacheSize);
  std::printf("l2_limit_shim: set %s: %s, limit now %zu B\n", l, cudaGetErrorString(e), v);
}
