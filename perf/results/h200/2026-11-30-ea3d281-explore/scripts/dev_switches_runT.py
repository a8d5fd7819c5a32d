#!/usr/bin/env python3
"""Session 15 run T (tree ea3d281): dev_switches_runR.py's patches, plus ETAGE_DEV_ST=m for the
16-byte global stores of every kernel (Vec::store_global, float x 4): 0 = st.global.wb (the
library's), 1 = st.global.cs (evict first), 2 = st.global.L2::cache_hint with an evict_first
policy (createpolicy.fractional 1.0), 3 = the same with evict_last. (A device global, set
before each 3D launch.)
"""
from devpatch import patch, setup

root = setup('dev_switches_runR.py')
patch(root, 'core/include/etage/tile.hpp', [
('''template <class T, int N>
struct alignas(sizeof(T) * N) Vec {''',
'''#ifdef __CUDACC__
static __device__ int etage_dev_st = 0;
#endif
template <class T, int N>
struct alignas(sizeof(T) * N) Vec {'''),
('''    if constexpr (std::is_same_v<T, float> && N == 4) {
      __stwb(reinterpret_cast<float4*>(to), make_float4(v[0], v[1], v[2], v[3]));
      return;''',
'''    if constexpr (std::is_same_v<T, float> && N == 4) {
      int const mode = etage_dev_st;
      if (mode == 1) {
        __stcs(reinterpret_cast<float4*>(to), make_float4(v[0], v[1], v[2], v[3]));
      } else if (mode == 2 || mode == 3) {
        unsigned long long policy;
        if (mode == 2) asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
        else asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
        asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(to), "f"(v[0]), "f"(v[1]),
                     "f"(v[2]), "f"(v[3]), "l"(policy)
                     : "memory");
      } else {
        __stwb(reinterpret_cast<float4*>(to), make_float4(v[0], v[1], v[2], v[3]));
      }
      return;'''),
])
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''          cudaMemcpyToSymbol(etage_dev_drain, &drain, sizeof(int));
''', '''          cudaMemcpyToSymbol(etage_dev_drain, &drain, sizeof(int));
          int const st_mode = std::getenv("ETAGE_DEV_ST") ? std::atoi(std::getenv("ETAGE_DEV_ST")) : 0;
          cudaMemcpyToSymbol(etage::etage_dev_st, &st_mode, sizeof(int));
'''),
])
print('run T patched', root)
