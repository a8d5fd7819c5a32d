#!/usr/bin/env python3
"""Session 15 run R (tree ea3d281): dev_switches_runQ.py's patches, plus ETAGE_DEV_DRAIN=k for the
3D stencil: in the warp-specialized tile loop the producer, before issuing tile t (t a positive
multiple of k), waits until the consumers have released tile t - 1, so the ring drains and
refills every k planes inside one long team: the read pauses of short teams, without their
launches, fills of new state and extra halo planes. (A device global, set before each 3D launch.)
"""
from devpatch import patch, setup

root = setup('dev_switches_runQ.py')


patch(root, 'backends/cuda/include/etage/cuda/bulk_tensor.hpp', [
('''  /// The copies complete on full[s] by themselves (complete_tx); nothing to do.''',
'''  /// Dev: wait (no arming) until the consumers released the slot st's acquire would wait for.
  template <class Member>
  ETAGE_INLINE_FUNCTION void producer_wait_released(Member const&, PipelineState<Stages> const& st) {
#if ETAGE_ARCH_MBARRIER_TX
    impl::mbarrier_wait(empty(st.index()), {"BulkTensor", "empty", st.index(), st.phase(),
                                            std::uint32_t(consumer_warps_), "consumer-warp arrivals", league_rank_});
#endif
  }
  /// The copies complete on full[s] by themselves (complete_tx); nothing to do.'''),
])
patch(root, 'core/include/etage/tile_loop.hpp', [
('''template <class Engine, int Stages, int Threads, class Member, class Compute, class... B>
ETAGE_INLINE_FUNCTION void tile_loop_bound(''',
'''#ifdef __CUDACC__
static __device__ int etage_dev_drain = 0;
#endif
template <class Engine, int Stages, int Threads, class Member, class Compute, class... B>
ETAGE_INLINE_FUNCTION void tile_loop_bound('''),
('''        for (int t = 0; t < num_tiles; ++t, ++st) {
          pipe.producer_acquire(m, st);''',
'''#ifdef __CUDA_ARCH__
        int const drain = etage_dev_drain;
#else
        int const drain = 0;
#endif
        for (int t = 0; t < num_tiles; ++t, ++st) {
          if constexpr (Stages > 1) {
            if (drain > 0 && t > 0 && t % drain == 0) {
              auto last = st;
              for (int i = 0; i < Stages - 1; ++i) ++last;
              pipe.producer_wait_released(m, last);
            }
          }
          pipe.producer_acquire(m, st);'''),
])
patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('''        kernel.dev_q = dev_q;
''', '''        kernel.dev_q = dev_q;
        if constexpr (!is_host_space<ExecSpace>) {
          int const drain = std::getenv("ETAGE_DEV_DRAIN") ? std::atoi(std::getenv("ETAGE_DEV_DRAIN")) : 0;
          cudaMemcpyToSymbol(etage_dev_drain, &drain, sizeof(int));
        }
'''),
])
print('run R patched', root)
