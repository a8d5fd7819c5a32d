#!/usr/bin/env python3
"""Session 24: session 23's make_tree23.py (its variants: base, ...) plus:
- nostart: the 3D runs kernel computes each run's partial sum (centre, in-plane and z-below
  terms) on every plane it loads instead of only on planes inside the team's z range (`start`).
  On the planes outside (the one below the range and the one above it) the value is never
  stored: the plane after the one below does not finish a plane (its `finish` is false), and
  the plane above is the last one loaded. Removes the `start` test and its 8 selects per plane.
- rowpair (includes nostart): consumer thread `rank` takes the runs of block rows
  2 (rank / 32) and 2 (rank / 32) + 1 (the same columns) instead of rows rank / 32 and
  rank / 32 + 8, and each plane's step reads and sums both runs before it stores either (the
  stores are asm volatile with a memory clobber, across which nvcc may not reuse a stage read),
  so that the stage reads of the rows between the two runs can be shared: 8 stage reads per
  plane instead of 10 when nvcc merges them. A warp still stores 512 contiguous bytes per row.
  Only where the threads cover whole rows (threads % runs per row == 0, runs == threads x runs
  per thread); else the former mapping, in the same two phases.
- ptrbump: the runs' output addresses as byte addresses (std::uintptr_t) advanced by one plane
  per loaded plane, instead of out.data() + (p - 1) x plane stride + column per store: one
  64-bit add per run and plane instead of a multiply, three adds and a shift.
- stlast: the 3D runs kernel's 16-byte output stores (floats) carry .L2::cache_hint with a
  createpolicy.fractional.L2::evict_last 1.0 policy, as its boxes do.
Usage: make_tree24.py DIR VARIANTS (joined with '+').
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
old = here.parent.parent / '2026-12-02-7a2061b-explore/scripts/make_tree23.py'
root = pathlib.Path(sys.argv[1])
mine = {'nostart', 'rowpair', 'ptrbump', 'stlast'}
variants = sys.argv[2].split('+')
inherited = [v for v in variants if v not in mine] or ['base']
subprocess.run([sys.executable, str(old), str(root), '+'.join(inherited)], check=True)
S = 'algorithms/include/etage/algorithms/stencil.hpp'


def patch(rel, a, b):
    p = root / rel
    s = p.read_text()
    assert s.count(a) == 1, (rel, a[:80])
    p.write_text(s.replace(a, b))


REFCHECK = r'''    run_block(0, in, ref);
    {  // Session 24: block 0 against a plain sweep (weights 1/6, zero boundary).
      Grid plain("plain", sh[0], sh[1], sh[2]);
      long const nz = sh[0], ny = sh[1], nx = sh[2];
      Kokkos::parallel_for(
          "plain", Kokkos::MDRangePolicy<Kokkos::Cuda, Kokkos::Rank<3>>({0, 0, 0}, {nz, ny, nx}),
          KOKKOS_LAMBDA(long z, long y, long x) {
            auto at = [&](long a, long b, long c) {
              return a < 0 || a >= nz || b < 0 || b >= ny || c < 0 || c >= nx ? T(0) : in(a, b, c);
            };
            T const s = T(1) / T(6);
            plain(z, y, x) = s * at(z - 1, y, x) + s * at(z + 1, y, x) + s * at(z, y - 1, x) + s * at(z, y + 1, x) +
                             s * at(z, y, x - 1) + s * at(z, y, x + 1);
          });
      T rd = 0;
      Kokkos::parallel_reduce(
          "refdiff", Kokkos::MDRangePolicy<Kokkos::Cuda, Kokkos::Rank<3>>({0, 0, 0}, {nz, ny, nx}),
          KOKKOS_LAMBDA(long z, long y, long x, T& m) { m = Kokkos::max(m, Kokkos::abs(plain(z, y, x) - ref(z, y, x))); },
          Kokkos::Max<T>(rd));
      std::printf("refcheck %ldx%ldx%ld maxdiff %.3g\n", nz, ny, nx, double(rd));
    }
'''
patch('perf/sweep_probe.cpp', '    run_block(0, in, ref);\n', REFCHECK)

for v in variants:
    if v == 'nostart' and 'rowpair' not in variants:
        patch(S, 'if (start) partial[j * V + k] = w.c', 'partial[j * V + k] = w.c')
    if v == 'rowpair':
        patch(S, '''    constexpr int per_thread = (count + G::threads - 1) / G::threads;
    // Plain arrays of T''', '''    constexpr int per_thread = (count + G::threads - 1) / G::threads;
    // Session 24 probe: rows in pairs.
    constexpr bool pairs = per_thread > 1 && G::threads % per_row == 0 && count == G::threads * per_thread;
    auto const run_of = [](int rank, int j) {
      if constexpr (pairs) return (rank / per_row) * (per_row * per_thread) + j * per_row + rank % per_row;
      else return rank + j * G::threads;
    };
    // Plain arrays of T''')
        patch(S, '        int const e = rank + j * G::threads;', '        int const e = run_of(rank, j);')
        patch(S, '            int const e = rank + j * G::threads, y = e / per_row, x = (e % per_row) * V;',
              '            int const e = run_of(rank, j), y = e / per_row, x = (e % per_row) * V;')
        patch(S, '''#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = ctx.rank + j * G::threads;
            if (count % G::threads == 0 || e < count) {
              int const y = e / per_row, x = (e % per_row) * V;
              Vec<T, V> sum, centre;
              bool const inside = !Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
              star_in_plane_run<V, G::H>(tile, w, y, x, sum, centre,
                                   Edge ? RunBoundary<T>::template at<V>(y0 + y, x0 + x, ny, nx, b) : RunBoundary<T>{});
              if (finish && inside) {''', '''          Vec<T, V> sums[per_thread], centres[per_thread];
          // Phase 1: every run's stage reads and in-plane sums (no store in between).
#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = run_of(ctx.rank, j);
            if (count % G::threads == 0 || e < count) {
              int const y = pairs ? per_thread * (ctx.rank / per_row) + j : e / per_row;
              int const x = pairs ? (ctx.rank % per_row) * V : (e % per_row) * V;
              star_in_plane_run<V, G::H>(tile, w, y, x, sums[j], centres[j],
                                   Edge ? RunBoundary<T>::template at<V>(y0 + y, x0 + x, ny, nx, b) : RunBoundary<T>{});
            }
          }
          // Phase 2: the stores and the z terms.
#pragma unroll
          for (int j = 0; j < per_thread; ++j) {
            int const e = run_of(ctx.rank, j);
            if (count % G::threads == 0 || e < count) {
              int const y = e / per_row, x = (e % per_row) * V;
              Vec<T, V> const& sum = sums[j];
              Vec<T, V> const& centre = centres[j];
              bool const inside = !Edge || RunBoundary<T>::inside(y0 + y, x0 + x, ny, nx);
              if (finish && inside) {''')
        patch(S, 'if (start) partial[j * V + k] = w.c', 'partial[j * V + k] = w.c')
    if v == 'ptrbump':
        patch(S, '''        column[j] = (y0 + e / per_row) * std::int64_t(out.stride(1)) + (x0 + (e % per_row) * V) * std::int64_t(out.stride(2));
      }
    }
    stream_planes(''',
              '''        column[j] = (y0 + e / per_row) * std::int64_t(out.stride(1)) + (x0 + (e % per_row) * V) * std::int64_t(out.stride(2));
      }
    }
    // Session 24 probe: each run's output byte address, one plane behind the loaded plane.
    [[maybe_unused]] std::uintptr_t dst[column_offsets ? per_thread : 1];
    [[maybe_unused]] std::uintptr_t const plane_bytes = std::uintptr_t(plane_stride) * sizeof(T);
    if constexpr (column_offsets) {
#pragma unroll
      for (int j = 0; j < per_thread; ++j)
        dst[j] = reinterpret_cast<std::uintptr_t>(out.data()) +
                 std::uintptr_t((first - 1) * plane_stride + column[j]) * sizeof(T);
    }
    stream_planes(''')
        patch(S, '                if constexpr (column_offsets) o.store_global(out.data() + (p - 1) * plane_stride + column[j]);',
              '                if constexpr (column_offsets) o.store_global(reinterpret_cast<T*>(dst[j]));')
        patch(S, '''                below[j * V + k] = centre.v[k];
              }''', '''                below[j * V + k] = centre.v[k];
              }
              if constexpr (column_offsets) dst[j] += plane_bytes;''')
    if v == 'stlast':
        patch(S, '                if constexpr (column_offsets) o.store_global(out.data() + (p - 1) * plane_stride + column[j]);',
              '''                if constexpr (column_offsets) {
#if defined(__CUDA_ARCH__)
                  if constexpr (std::is_same_v<T, float> && V == 4) {
                    std::uint64_t pol;
                    asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
                    asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(
                                     out.data() + (p - 1) * plane_stride + column[j]),
                                 "f"(o.v[0]), "f"(o.v[1]), "f"(o.v[2]), "f"(o.v[3]), "l"(pol)
                                 : "memory");
                  } else
#endif
                    o.store_global(out.data() + (p - 1) * plane_stride + column[j]);
                }''')
