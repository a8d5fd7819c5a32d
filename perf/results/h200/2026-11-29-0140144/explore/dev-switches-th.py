# Temporary exploration (never committed): ETAGE_DEV_TH=256 runs GPU float transposes with 256 consumer threads.
p='./algorithms/include/etage/algorithms/transpose.hpp'
s=open(p).read()
old='''    return impl::transpose_run<ExecSpace, E, Stages, TD, TH, MinTeams>(space, A, B,
                                                                       !std::is_same_v<Engine, engine::Auto>);'''
new='''    if constexpr (TD == 64 && TH != 256) {
      char const* dev = std::getenv("ETAGE_DEV_TH");
      if (dev && std::atoi(dev) == 256)
        return impl::transpose_run<ExecSpace, E, Stages, TD, 256, MinTeams>(space, A, B, !std::is_same_v<Engine, engine::Auto>);
    }
    return impl::transpose_run<ExecSpace, E, Stages, TD, TH, MinTeams>(space, A, B,
                                                                       !std::is_same_v<Engine, engine::Auto>);'''
assert old in s; s=s.replace(old,new)
s=s.replace('#include <cstdint>','#include <cstdint>\n#include <cstdlib>',1)
open(p,'w').write(s)
