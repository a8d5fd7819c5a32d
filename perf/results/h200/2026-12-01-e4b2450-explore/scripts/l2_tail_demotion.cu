// Session 18, run A: which lines an L2 evict_last stream leaves persisting. Derived from session
// 17's l2_after_effect.cu (perf/results/h200/2026-11-30-001af65-explore/scripts), with one more
// post condition: Dlast:M / Dfirst:M demote (applypriority evict_normal) only the last / first M MiB
// of A. The sweep's grid-stride loop reads A in address order, so the last MiB are the last loaded.
// Session 17's header follows.
// Session 17, run A: what an L2 evict_last stream leaves behind, and what clears it.
// Standalone (no etage). One process runs one condition:
//   pre:   time an L2-resident copy (16 MiB -> 16 MiB) as left by the previous process
//   sweep: 8 queued 1 GiB copies A -> B whose loads carry an L2 evict_last policy
//          (condition names starting with L) or none (N), timed
//   post:  nothing, or D (applypriority.global.L2::evict_normal on every 128-byte line of A,
//          timed), or reset (cudaCtxResetPersistingL2Cache after a sync), or read (a plain
//          read of A), or sleep (200 ms)
//   after: the resident copy timed again
// Run B adds: L2_LIMIT (env) = 0 | max | bytes, the set-aside for persisting accesses
// (cudaLimitPersistingL2CacheSize) set before the sweep; condition W: plain loads, with the
// stream's access policy window over A (hitRatio 1, hit persisting, miss streaming).
// The resident copy: 5 warm-up calls, then 6 groups of 20 queued calls; us per call per group.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <chrono>
#include <vector>
#include <algorithm>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(1);} } while (0)

template <bool EvictLast>
__global__ void stream_copy(float4 const* __restrict__ a, float4* __restrict__ b, size_t n) {
  unsigned long long policy = 0;
  if (EvictLast) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    float4 v;
    if (EvictLast)
      asm volatile("ld.global.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], %5;"
                   : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(a + i), "l"(policy));
    else
      v = a[i];
    b[i] = v;
  }
}

__global__ void demote(char const* a, size_t lines) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < lines; i += size_t(gridDim.x) * blockDim.x)
    asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(a + i * 128) : "memory");
}

__global__ void read_sum(float4 const* __restrict__ a, size_t n, float* out) {
  float s = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    float4 v = a[i];
    s += v.x + v.y + v.z + v.w;
  }
  if (s == 12345.f) *out = s;  // never true (A holds 1s), keeps the loads
}

static float time_queued(int q, auto&& f) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0));
  for (int i = 0; i < q; ++i) f();
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  CK(cudaEventDestroy(e0)); CK(cudaEventDestroy(e1));
  return ms / q;
}

int main(int argc, char** argv) {
  std::string const cond = argc > 1 ? argv[1] : "N";
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  size_t const big = size_t(1) << 30, small = size_t(16) << 20;
  float4 *A, *B, *RA, *RB;
  float* out;
  CK(cudaMalloc(&A, big)); CK(cudaMalloc(&B, big)); CK(cudaMalloc(&RA, small)); CK(cudaMalloc(&RB, small));
  CK(cudaMalloc(&out, 4));
  CK(cudaMemset(RA, 0, small));
  {  // A = 1.0f
    std::vector<float> h(big / 4 / 64, 1.0f);
    for (size_t off = 0; off < big; off += h.size() * 4) CK(cudaMemcpy((char*)A + off, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  }
  CK(cudaDeviceSynchronize());
  size_t const nbig = big / 16, nsmall = small / 16;
  int const grid = sms * 8;
  auto resident = [&] {
    for (int i = 0; i < 5; ++i) stream_copy<false><<<grid, 256>>>(RA, RB, nsmall);
    std::string o;
    std::vector<float> v;
    for (int g = 0; g < 6; ++g) {
      float const ms = time_queued(20, [&] { stream_copy<false><<<grid, 256>>>(RA, RB, nsmall); });
      v.push_back(ms * 1000.f);
      char buf[32]; std::snprintf(buf, sizeof buf, " %.2f", ms * 1000.f); o += buf;
    }
    std::sort(v.begin(), v.end());
    char buf[64]; std::snprintf(buf, sizeof buf, " | median %.2f us (%.0f GB/s)", v[3], 2.0 * small / (v[3] * 1e-6) / 1e9);
    return o + buf;
  };
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  if (char const* l = std::getenv("L2_LIMIT")) {
    size_t const v = std::string(l) == "max" ? size_t(prop.persistingL2CacheMaxSize) : std::strtoull(l, nullptr, 10);
    CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, v));
  }
  cudaStream_t stream = 0;
  if (cond[0] == 'W') {
    CK(cudaStreamCreate(&stream));
    cudaStreamAttrValue a{};
    a.accessPolicyWindow.base_ptr = A;
    a.accessPolicyWindow.num_bytes = std::min(big, size_t(prop.accessPolicyMaxWindowSize));
    a.accessPolicyWindow.hitRatio = 1.0f;
    a.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    a.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &a));
  }
  // pre: whatever the previous process left in L2 (nothing of this process touched the 16 MiB yet)
  std::string const pre = resident();
  bool const last = cond[0] == 'L';
  std::vector<float> sw;
  for (int r = 0; r < 3; ++r)
    sw.push_back(time_queued(8, [&] {
      if (last) stream_copy<true><<<grid, 256>>>(A, B, nbig);
      else stream_copy<false><<<grid, 256, 0, stream>>>(A, B, nbig);
    }));
  std::sort(sw.begin(), sw.end());
  std::string post = "none";
  if (auto p = cond.find("+Dlast:"); p != std::string::npos || cond.find("+Dfirst:") != std::string::npos) {
    bool const tail = p != std::string::npos;
    size_t const mib = std::strtoull(cond.c_str() + cond.find(':') + 1, nullptr, 10);
    size_t const bytes = std::min(big, mib << 20);
    char const* base = (char const*)A + (tail ? big - bytes : 0);
    float const ms = time_queued(1, [&] { demote<<<grid, 256>>>(base, bytes / 128); });
    char buf[96]; std::snprintf(buf, sizeof buf, "demote %s %zu MiB of A %.1f us", tail ? "last" : "first", mib, ms * 1000.f); post = buf;
  } else if (cond.find("+D") != std::string::npos) {
    float const ms = time_queued(1, [&] { demote<<<grid, 256>>>((char const*)A, big / 128); });
    char buf[64]; std::snprintf(buf, sizeof buf, "demote A %.1f us", ms * 1000.f); post = buf;
  } else if (cond.find("+reset") != std::string::npos) {
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    CK(cudaCtxResetPersistingL2Cache());
    double const us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    char buf[64]; std::snprintf(buf, sizeof buf, "cudaCtxResetPersistingL2Cache %.1f us (host)", us); post = buf;
  } else if (cond.find("+read") != std::string::npos) {
    float const ms = time_queued(1, [&] { read_sum<<<grid, 256>>>(A, nbig, out); });
    char buf[64]; std::snprintf(buf, sizeof buf, "plain read of A %.1f us", ms * 1000.f); post = buf;
  } else if (cond.find("+sleep") != std::string::npos) {
    CK(cudaDeviceSynchronize());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    post = "sleep 200 ms";
  }
  CK(cudaDeviceSynchronize());
  if (stream) {  // the resident copy runs on the default stream, outside the window
    CK(cudaStreamDestroy(stream));
  }
  std::string const after = resident();
  size_t limit = 0;
  CK(cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize));
  std::printf("%-8s L2 %d B, persisting max %d B, window max %d B\n", cond.c_str(), prop.l2CacheSize,
              prop.persistingL2CacheMaxSize, prop.accessPolicyMaxWindowSize);
  std::printf("%-8s sweep (1 GiB copy, median of 3 x 8 queued) %.1f us = %.0f GB/s; post: %s; persisting limit %zu\n",
              cond.c_str(), sw[1] * 1000.f, 2.0 * big / (sw[1] * 1e-3) / 1e9, post.c_str(), limit);
  std::printf("%-8s resident 16 MiB copy, us per call: before%s\n", cond.c_str(), pre.c_str());
  std::printf("%-8s resident 16 MiB copy, us per call: after %s\n", cond.c_str(), after.c_str());
  return 0;
}
