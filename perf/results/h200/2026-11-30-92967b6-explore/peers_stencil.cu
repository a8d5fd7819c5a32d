// Exploration (not part of the library): what plain CUDA stencil kernels reach on this GPU,
// against cudaMemcpyAsync of the same bytes in the same process. Jacobi weights (centre 0,
// neighbours 1/4 in 2D, 1/6 in 3D), zero outside the grid, row-major grids with nx % 4 == 0.
// Every kernel is checked against a host reference on small odd-shaped grids first.
//   nvcc -O3 -arch=sm_90 -o peers_stencil peers_stencil.cu
//   ./peers_stencil            (640^3, 808^3, 16384^2, 16384 x 32768)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)

__device__ __forceinline__ float4 ld4(const float* p) { return __ldg(reinterpret_cast<const float4*>(p)); }
__device__ __forceinline__ float4 z4() { return make_float4(0.f, 0.f, 0.f, 0.f); }
__device__ __forceinline__ void st4(float* p, float4 v) { *reinterpret_cast<float4*>(p) = v; }

// One thread: 4 consecutive x points (float4) of row (z, y); neighbours through L1/L2.
// Block (32, 8): 128 x 8 points of one plane; grid (nx/128, ny/8, nz). (Every kernel indexes
// by blockDim, so the same kernel also runs with 1-row blocks.)
__global__ void s3d_naive(const float* __restrict__ in, float* __restrict__ out, int nz, int ny, int nx, float w) {
  int const x = (blockIdx.x * blockDim.x + threadIdx.x) * 4, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z;
  if (x >= nx || y >= ny) return;
  size_t const plane = size_t(ny) * nx, i = size_t(z) * plane + size_t(y) * nx + x;
  float4 const c = ld4(in + i);
  float4 const ym = y > 0 ? ld4(in + i - nx) : z4(), yp = y + 1 < ny ? ld4(in + i + nx) : z4();
  float4 const zm = z > 0 ? ld4(in + i - plane) : z4(), zp = z + 1 < nz ? ld4(in + i + plane) : z4();
  float const xm = x > 0 ? __ldg(in + i - 1) : 0.f, xp = x + 4 < nx ? __ldg(in + i + 4) : 0.f;
  float4 o;
  o.x = w * (ym.x + yp.x + zm.x + zp.x + xm + c.y);
  o.y = w * (ym.y + yp.y + zm.y + zp.y + c.x + c.z);
  o.z = w * (ym.z + yp.z + zm.z + zp.z + c.y + c.w);
  o.w = w * (ym.w + yp.w + zm.w + zp.w + c.z + xp);
  st4(out + i, o);
}

// The same thread marches z over [z0, z0 + zlen): the planes below and at z stay in
// registers, plane z + 1 is the one new DRAM stream; in-plane neighbours through L1.
// Grid (nx/128, ny/8, ceil(nz / zlen)).
__global__ void s3d_march(const float* __restrict__ in, float* __restrict__ out, int nz, int ny, int nx, float w, int zlen) {
  int const x = (blockIdx.x * blockDim.x + threadIdx.x) * 4, y = blockIdx.y * blockDim.y + threadIdx.y;
  int const z0 = blockIdx.z * zlen, z1 = min(nz, z0 + zlen);
  if (x >= nx || y >= ny) return;
  size_t const plane = size_t(ny) * nx;
  size_t i = size_t(z0) * plane + size_t(y) * nx + x;
  float4 below = z0 > 0 ? ld4(in + i - plane) : z4(), c = ld4(in + i);
  for (int z = z0; z < z1; ++z, i += plane) {
    float4 const above = z + 1 < nz ? ld4(in + i + plane) : z4();
    float4 const ym = y > 0 ? ld4(in + i - nx) : z4(), yp = y + 1 < ny ? ld4(in + i + nx) : z4();
    float const xm = x > 0 ? __ldg(in + i - 1) : 0.f, xp = x + 4 < nx ? __ldg(in + i + 4) : 0.f;
    float4 o;
    o.x = w * (ym.x + yp.x + below.x + above.x + xm + c.y);
    o.y = w * (ym.y + yp.y + below.y + above.y + c.x + c.z);
    o.z = w * (ym.z + yp.z + below.z + above.z + c.y + c.w);
    o.w = w * (ym.w + yp.w + below.w + above.w + c.z + xp);
    st4(out + i, o);
    below = c;
    c = above;
  }
}

// 2D, one thread: 4 consecutive x points of row y. Block (32, 8); grid (nx/128, ny/8).
__global__ void s2d_naive(const float* __restrict__ in, float* __restrict__ out, int ny, int nx, float w) {
  int const x = (blockIdx.x * blockDim.x + threadIdx.x) * 4, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  size_t const i = size_t(y) * nx + x;
  float4 const c = ld4(in + i);
  float4 const ym = y > 0 ? ld4(in + i - nx) : z4(), yp = y + 1 < ny ? ld4(in + i + nx) : z4();
  float const xm = x > 0 ? __ldg(in + i - 1) : 0.f, xp = x + 4 < nx ? __ldg(in + i + 4) : 0.f;
  float4 o;
  o.x = w * (ym.x + yp.x + xm + c.y);
  o.y = w * (ym.y + yp.y + c.x + c.z);
  o.z = w * (ym.z + yp.z + c.y + c.w);
  o.w = w * (ym.w + yp.w + c.z + xp);
  st4(out + i, o);
}

// 2D marching in y over [y0, y0 + ylen): rows y - 1 and y in registers. Block 128 threads
// (512 x points); grid (nx/512, ceil(ny / ylen)).
__global__ void s2d_march(const float* __restrict__ in, float* __restrict__ out, int ny, int nx, float w, int ylen) {
  int const x = (blockIdx.x * 128 + threadIdx.x) * 4;
  int const y0 = blockIdx.y * ylen, y1 = min(ny, y0 + ylen);
  if (x >= nx) return;
  size_t i = size_t(y0) * nx + x;
  float4 below = y0 > 0 ? ld4(in + i - nx) : z4(), c = ld4(in + i);
  for (int y = y0; y < y1; ++y, i += nx) {
    float4 const above = y + 1 < ny ? ld4(in + i + nx) : z4();
    float const xm = x > 0 ? __ldg(in + i - 1) : 0.f, xp = x + 4 < nx ? __ldg(in + i + 4) : 0.f;
    float4 o;
    o.x = w * (below.x + above.x + xm + c.y);
    o.y = w * (below.y + above.y + c.x + c.z);
    o.z = w * (below.z + above.z + c.y + c.w);
    o.w = w * (below.w + above.w + c.z + xp);
    st4(out + i, o);
    below = c;
    c = above;
  }
}

struct Grid { int nz, ny, nx; size_t n() const { return size_t(nz) * ny * nx; } };

static void reference(std::vector<float> const& in, std::vector<float>& out, Grid g, bool three_d) {
  float const w = three_d ? 1.f / 6.f : 0.25f;
  auto at = [&](long z, long y, long x) -> float {
    if (z < 0 || z >= g.nz || y < 0 || y >= g.ny || x < 0 || x >= g.nx) return 0.f;
    return in[(size_t(z) * g.ny + y) * g.nx + x];
  };
  for (long z = 0; z < g.nz; ++z)
    for (long y = 0; y < g.ny; ++y)
      for (long x = 0; x < g.nx; ++x) {
        float s = at(z, y - 1, x) + at(z, y + 1, x) + at(z, y, x - 1) + at(z, y, x + 1);
        if (three_d) s += at(z - 1, y, x) + at(z + 1, y, x);
        out[(size_t(z) * g.ny + y) * g.nx + x] = w * s;
      }
}

using Launch = std::function<void(const float*, float*, Grid)>;
struct Variant { std::string name; bool three_d; Launch f; };

static std::vector<Variant> variants() {
  std::vector<Variant> v;
  v.push_back({"3D naive (thread = 4 points)", true, [](const float* a, float* b, Grid g) {
                 s3d_naive<<<dim3((g.nx + 127) / 128, (g.ny + 7) / 8, g.nz), dim3(32, 8)>>>(a, b, g.nz, g.ny, g.nx, 1.f / 6.f);
               }});
  for (int zl : {4, 8, 16, 32, 64, 128}) {
    v.push_back({"3D march z, " + std::to_string(zl) + " planes", true, [zl](const float* a, float* b, Grid g) {
                   s3d_march<<<dim3((g.nx + 127) / 128, (g.ny + 7) / 8, (g.nz + zl - 1) / zl), dim3(32, 8)>>>(
                       a, b, g.nz, g.ny, g.nx, 1.f / 6.f, zl);
                 }});
  }
  // The same kernels with 1-row blocks of 128 threads (512 x points): the rows above and below
  // are no longer loaded by the block's other threads (the layout of a flat Kokkos RangePolicy).
  v.push_back({"3D march z, 8 planes, 1-row blocks", true, [](const float* a, float* b, Grid g) {
                 s3d_march<<<dim3((g.nx + 511) / 512, g.ny, (g.nz + 7) / 8), dim3(128, 1)>>>(a, b, g.nz, g.ny, g.nx,
                                                                                          1.f / 6.f, 8);
               }});
  v.push_back({"2D naive, 1-row blocks", false, [](const float* a, float* b, Grid g) {
                 s2d_naive<<<dim3((g.nx + 511) / 512, g.ny), dim3(128, 1)>>>(a, b, g.ny, g.nx, 0.25f);
               }});
  v.push_back({"2D naive (thread = 4 points)", false, [](const float* a, float* b, Grid g) {
                 s2d_naive<<<dim3((g.nx + 127) / 128, (g.ny + 7) / 8), dim3(32, 8)>>>(a, b, g.ny, g.nx, 0.25f);
               }});
  for (int yl : {8, 16, 32, 64}) {
    v.push_back({"2D march y, " + std::to_string(yl) + " rows", false, [yl](const float* a, float* b, Grid g) {
                   s2d_march<<<dim3((g.nx + 511) / 512, (g.ny + yl - 1) / yl), dim3(128)>>>(a, b, g.ny, g.nx, 0.25f, yl);
                 }});
  }
  return v;
}

int main() {
  auto vs = variants();
  // Correctness on small odd shapes (nx % 4 == 0).
  int bad = 0;
  for (Grid g : {Grid{1, 1, 4}, Grid{37, 45, 52}, Grid{3, 9, 260}, Grid{70, 17, 132}}) {
    std::vector<float> h(g.n()), r(g.n()), o(g.n());
    for (size_t i = 0; i < g.n(); ++i) h[i] = float((i * 2654435761u) % 1000) / 250.f - 2.f;
    float *a, *b;
    CK(cudaMalloc(&a, g.n() * 4)); CK(cudaMalloc(&b, g.n() * 4));
    CK(cudaMemcpy(a, h.data(), g.n() * 4, cudaMemcpyHostToDevice));
    for (auto& v : vs) {
      Grid gg = v.three_d ? g : Grid{1, g.nz * g.ny, g.nx};
      reference(h, r, gg, v.three_d);
      CK(cudaMemset(b, 0xff, g.n() * 4));
      v.f(a, b, gg);
      CK(cudaGetLastError());
      CK(cudaMemcpy(o.data(), b, g.n() * 4, cudaMemcpyDeviceToHost));
      double err = 0;
      for (size_t i = 0; i < g.n(); ++i) err = std::fmax(err, std::fabs(double(o[i]) - r[i]));
      if (!(err < 1e-5)) { printf("WRONG %s at %dx%dx%d: max error %g\n", v.name.c_str(), gg.nz, gg.ny, gg.nx, err); ++bad; }
    }
    CK(cudaFree(a)); CK(cudaFree(b));
  }
  printf("correctness: %s\n", bad ? "FAILED" : "all variants match the host reference on 4 grids");

  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  printf("device %s, %d SMs\n", p.name, p.multiProcessorCount);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  auto best_ms = [&](auto f) {
    for (int i = 0; i < 3; ++i) f();
    CK(cudaDeviceSynchronize());
    float best = 1e9;
    for (int rep = 0; rep < 5; ++rep) {
      cudaEventRecord(e0); for (int i = 0; i < 10; ++i) f(); cudaEventRecord(e1); cudaEventSynchronize(e1);
      float ms; cudaEventElapsedTime(&ms, e0, e1); ms /= 10; if (ms < best) best = ms;
    }
    CK(cudaGetLastError());
    return double(best);
  };
  for (Grid g : {Grid{640, 640, 640}, Grid{808, 808, 808}, Grid{1, 16384, 16384}, Grid{1, 16384, 32768}}) {
    bool const three_d = g.nz > 1;
    size_t const bytes = g.n() * 4;
    float *a, *b;
    CK(cudaMalloc(&a, bytes)); CK(cudaMalloc(&b, bytes));
    CK(cudaMemset(a, 0, bytes)); CK(cudaMemset(b, 0, bytes));
    double const copy = best_ms([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); });
    printf("\n%d x %d x %d floats (%.2f GiB): cudaMemcpyAsync %.4f ms, %.1f GB/s\n", g.nz, g.ny, g.nx, bytes / 1073741824.0,
           copy, 2.0 * bytes / (copy * 1e-3) / 1e9);
    for (auto& v : vs) {
      if (v.three_d != three_d) continue;
      double const ms = best_ms([&] { v.f(a, b, g); });
      printf("  %-32s %.4f ms  %7.1f GB/s  %5.1f %% of copy\n", v.name.c_str(), ms, 2.0 * bytes / (ms * 1e-3) / 1e9,
             100.0 * copy / ms);
    }
    CK(cudaFree(a)); CK(cudaFree(b));
  }
  return bad ? 1 : 0;
}
