#!/usr/bin/env python3
"""Session 15 run I (tree ea3d281): patches a copy of the tree (argv[1]) with run-time switches
of the 3D stencil that exist only in that copy, and adds the probe program stencil3d_probe.cpp
(a perf/ target). Not part of the library. Switches (environment, read on the host at launch):
  ETAGE_DEV_RANGES=r     z ranges per block instead of the rule
  ETAGE_DEV_TAPER=f      z ranges whose lengths fall geometrically from the first (bottom) to
                         the last (top) by the factor f (last / first); 1 = equal ranges. The
                         league is range-major, so the last teams to start take the short ranges.
  ETAGE_DEV_TL=path      the launch records each team's start and end (%globaltimer, ns) and
                         %smid, and writes them to path as CSV (rank,start,end,smid)
"""
import shutil
from devpatch import HERE as here, patch, setup

root = setup()


patch(root, 'algorithms/include/etage/algorithms/stencil.hpp', [
('#include <string>\n', '#include <string>\n#include <cstdlib>\n#include <cmath>\n#include <cstdio>\n'),
('''  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  static constexpr bool runs = G::BI % G::V == 0;
''',
'''  bool vector_out;  // out takes 16-byte stores along x (vector_stores)
  unsigned long long* dev_tl = nullptr;
  double dev_q = 1.0;
  static constexpr bool runs = G::BI % G::V == 0;
'''),
('''  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const r = team.league_rank();
    std::int64_t const block = r % num_blocks, range = r / num_blocks;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;
    std::int64_t const zb = nz * range / z_ranges, ze = nz * (range + 1) / z_ranges;''',
'''  ETAGE_FUNCTION std::int64_t dev_z(std::int64_t k) const {
    if (dev_q == 1.0) return nz * k / z_ranges;
    return std::int64_t(std::floor(double(nz) * (1.0 - std::pow(dev_q, double(k))) /
                                   (1.0 - std::pow(dev_q, double(z_ranges)))));
  }

  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
#ifdef __CUDA_ARCH__
    std::int64_t const rr = team.league_rank();
    if (dev_tl && team.team_rank() == 0) {
      unsigned long long t0;
      unsigned s;
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
      asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
      dev_tl[3 * rr] = t0;
      dev_tl[3 * rr + 2] = s;
    }
#endif
    body(team);
#ifdef __CUDA_ARCH__
    if (dev_tl) {
      team.team_barrier();
      if (team.team_rank() == 0) {
        unsigned long long t1;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
        dev_tl[3 * rr + 1] = t1;
      }
    }
#endif
  }

  template <class Member>
  ETAGE_FUNCTION void body(Member const& team) const {
    std::int64_t const r = team.league_rank();
    std::int64_t const block = r % num_blocks, range = r / num_blocks;
    std::int64_t const y0 = (block / blocks_x) * G::BO, x0 = (block % blocks_x) * G::BI;
    std::int64_t const zb = dev_z(range), ze = dev_z(range + 1);'''),
('''    std::int64_t const ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));''',
'''    std::int64_t ranges = std::clamp<std::int64_t>((target + blocks - 1) / blocks, 1, std::max<std::int64_t>(1, nz / 8));
    if (char const* e = std::getenv("ETAGE_DEV_RANGES")) ranges = std::clamp<std::int64_t>(std::atoi(e), 1, nz);
    double dev_q = 1.0;
    if (char const* e = std::getenv("ETAGE_DEV_TAPER"); e && ranges > 1) dev_q = std::pow(std::atof(e), 1.0 / double(ranges - 1));'''),
('''            kernel{src, out, w.template with_guard<Guard>(), b, nz, ny, nx, blocks_x, blocks, ranges, vector_out};
        // The label says which of the two kernels runs (tests read it).
        return stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, blocks * ranges, forced, "stencil_3d",
                                                                 decltype(point_path)::value ? "" : "runs only");''',
'''            kernel{src, out, w.template with_guard<Guard>(), b, nz, ny, nx, blocks_x, blocks, ranges, vector_out};
        kernel.dev_q = dev_q;
        char const* tlp = std::getenv("ETAGE_DEV_TL");
        Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> tl;
        if (tlp) {
          tl = decltype(tl)("dev_tl", std::size_t(3 * blocks * ranges));
          kernel.dev_tl = tl.data();
        }
        auto why = stencil_launch<decltype(kernel), Engine, S, Tile>(space, kernel, blocks * ranges, forced, "stencil_3d",
                                                                 decltype(point_path)::value ? "" : "runs only");
        if (tlp) {
          auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, tl);
          if (FILE* f = std::fopen(tlp, "w")) {
            std::fprintf(f, "# blocks %ld ranges %ld nz %ld ny %ld nx %ld q %.6f BO %d BI %d stages %d\\n", long(blocks),
                         long(ranges), long(nz), long(ny), long(nx), dev_q, Tile::bo, Tile::bi, S);
            for (std::size_t i = 0; i < std::size_t(blocks * ranges); ++i)
              std::fprintf(f, "%zu,%llu,%llu,%llu\\n", i, h(3 * i), h(3 * i + 1), h(3 * i + 2));
            std::fclose(f);
          }
        }
        return why;'''),
])

shutil.copy(here / 'stencil3d_probe.cpp', root / 'perf/stencil3d_probe.cpp')
p = root / 'perf/CMakeLists.txt'
p.write_text(p.read_text() + '\nadd_executable(stencil3d_probe stencil3d_probe.cpp)\n'
             'target_link_libraries(stencil3d_probe PRIVATE etage::etage)\n')
print('patched', root)
