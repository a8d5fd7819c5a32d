#pragma once
/// Tiled GEMM  C = alpha * op(A) * op(B) + beta * C  over Kokkos::View, written once against
/// TeamPolicy and the tile-loop driver; the copy engine is a template argument.
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/algorithms/launch.hpp>
#include <etage/engine.hpp>
#include <etage/engine_select.hpp>
#include <etage/error.hpp>
#include <etage/scratch.hpp>
#include <etage/tile.hpp>
#include <etage/tile_loop.hpp>

namespace etage {

/// Operand transform: op(X) = X (NoTrans) or X^T (Trans).
enum class Op { NoTrans, Trans };

/// GEMM block shape: each team computes a BM x BN block of C, reading K in BK-deep tiles;
/// each consumer thread owns a TM x TN micro-tile of accumulators in registers.
/// Consumer threads = (BM/TM) * (BN/TN). MinTeams: teams per multiprocessor the compiler
/// must leave room for (Kokkos::LaunchBounds; caps registers per thread on a GPU).
template <int BM, int BN, int BK, int TM, int TN, int MinTeams = 1>
struct GemmTile {
  static_assert(BM % TM == 0 && BN % TN == 0, "etage::GemmTile: TM must divide BM and TN must divide BN");
  static_assert(TM % 4 == 0 || TM < 4, "etage::GemmTile: TM must be < 4 or a multiple of 4");
  static_assert(TN % 4 == 0 || TN < 4, "etage::GemmTile: TN must be < 4 or a multiple of 4");
  static constexpr int bm = BM, bn = BN, bk = BK, tm = TM, tn = TN;
  static constexpr int threads = (BM / TM) * (BN / TN);
  static constexpr int min_teams = MinTeams;
};

/// Default block shape per execution space, element type and engine. Host: one thread per
/// 64x64 block (teams spread over cores), K tiles of 32 bytes so 4 stages of A and B tiles
/// fit the host's 32 KiB level-0 scratch. GPU: 256 threads with 8x8 micro-tiles on a
/// 128x128 block, K tiles of 32 bytes (8 floats, 4 doubles), so 4 stages (32 KiB) fit the
/// 40,936 B that Kokkos 5.0.2 allows on the H200. CpAsync asks for 2 teams per SM (128
/// registers per thread): measured +9 % on the H200 at n = 8192 (perf/NOTES.md, attempt 2);
/// the other engines keep 1 (about 200 registers, no spills), which measured best for them.
template <class ExecSpace, class T, class Engine = engine::Auto>
using default_gemm_tile =
    std::conditional_t<Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ExecSpace::memory_space>::accessible,
                       GemmTile<64, 64, int(32 / sizeof(T)), 64, 64>,
                       GemmTile<128, 128, int(32 / sizeof(T)), 8, 8, std::is_same_v<Engine, engine::CpAsync> ? 2 : 1>>;

namespace impl {

/// Row of micro-tile element i for thread coordinate r: micro-tiles are split in groups of
/// 4 consecutive elements, groups spread over the block, so a warp's shared-memory reads
/// are consecutive 16-byte vectors.
template <int B, int T>
ETAGE_FORCEINLINE_FUNCTION constexpr int micro_index(int r, int i) {
  constexpr int g = T < 4 ? T : 4;
  constexpr int groups = T / g;
  return (i / g) * (B / groups) + r * g + (i % g);
}

/// This thread's `N` operand values at K step `kk` of a stage: element i is at
/// micro_index<BX, N>(t, i) along the block's M (or N) dimension of extent BX. `KMajor`: the
/// stage holds the operand as [k][x] (tile(kk, x)), else [x][k]. A k-major stage whose x is stored contiguously gives
/// 4 consecutive values per 16-byte vector load (groups of 4 are spread so that a warp's
/// loads are consecutive, see micro_index).
template <int BX, bool KMajor, int N, class TileT, class T>
ETAGE_FORCEINLINE_FUNCTION void load_fragment(TileT const& tile, int kk, int t, T (&frag)[N]) {
  if constexpr ((KMajor ? TileT::inner == 1 : TileT::inner == 0) && N % 4 == 0) {
#pragma unroll
    for (int g = 0; g < N / 4; ++g) {
      auto const v = tile.template vector<4>(kk, micro_index<BX, N>(t, 4 * g));
#pragma unroll
      for (int e = 0; e < 4; ++e) frag[4 * g + e] = v[e];
    }
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      int const x = micro_index<BX, N>(t, i);
      frag[i] = KMajor ? tile(kk, x) : tile(x, kk);
    }
  }
}

template <class Engine, int Stages, class Tile, bool TA, bool TB, class SA, class SB, class CView>
struct GemmKernel {
  using T = typename CView::non_const_value_type;
  static constexpr int BM = Tile::bm, BN = Tile::bn, BK = Tile::bk, TM = Tile::tm, TN = Tile::tn;
  static constexpr int threads = Tile::threads;
  static constexpr int cols = BN / TN;

  SA a;
  SB b;
  CView c;
  T alpha, beta;
  int m, n, k;
  int tiles_n;

  template <class Member>
  ETAGE_FUNCTION void operator()(Member const& team) const {
    std::int64_t const m0 = std::int64_t(team.league_rank() / tiles_n) * BM;
    std::int64_t const n0 = std::int64_t(team.league_rank() % tiles_n) * BN;
    int const num_k_tiles = alpha == T(0) ? 0 : int((std::int64_t(k) + BK - 1) / BK);

    T acc[TM][TN];
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j) acc[i][j] = T(0);

    auto const op_a = operand(a, [=](int t) {
      return TA ? TileOrigin{{std::int64_t(t) * BK, m0}} : TileOrigin{{m0, std::int64_t(t) * BK}};
    });
    auto const op_b = operand(b, [=](int t) {
      return TB ? TileOrigin{{n0, std::int64_t(t) * BK}} : TileOrigin{{std::int64_t(t) * BK, n0}};
    });
    tile_loop<Engine, Stages, threads>(
        team, num_k_tiles,
        [&](ConsumerContext const& ctx, int, auto const& ta, auto const& tb) {
          int const tr = ctx.rank / cols, tc = ctx.rank % cols;
#pragma unroll
          for (int kk = 0; kk < BK; ++kk) {
            T af[TM], bf[TN];
            // A is k-major when transposed (stored K x M), B when not (stored K x N).
            load_fragment<BM, TA>(ta, kk, tr, af);
            load_fragment<BN, !TB>(tb, kk, tc, bf);
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
              for (int j = 0; j < TN; ++j) acc[i][j] += af[i] * bf[j];
          }
        },
        op_a, op_b);

    // Epilogue: consumer threads write their micro-tile; beta == 0 never reads C.
    int const rank = team.team_rank() - 32 * Engine::producer_warps;
    if (rank < 0) return;
    int const tr = rank / cols, tc = rank % cols;
    for (int i = 0; i < TM; ++i) {
      std::int64_t const row = m0 + micro_index<BM, TM>(tr, i);
      if (row >= m) continue;
      for (int j = 0; j < TN; ++j) {
        std::int64_t const col = n0 + micro_index<BN, TN>(tc, j);
        if (col >= n) continue;
        T const v = alpha * acc[i][j];
        c(row, col) = beta == T(0) ? v : v + beta * c(row, col);
      }
    }
  }
};

inline bool parse_op(char t, char const* name) {
  switch (t) {
    case 'N': case 'n': return false;
    case 'T': case 't': case 'C': case 'c': return true;
  }
  throw InvalidArgument(std::string("etage::gemm: ") + name + " is '" + t + "', expected 'N' or 'T'");
}

template <class ExecSpace, class Engine, int Stages, class TileArg, bool TA, bool TB, class AV, class BV, class CV>
std::string gemm_run(ExecSpace const& space, typename CV::non_const_value_type alpha, AV const& A, BV const& B,
                     typename CV::non_const_value_type beta, CV const& C, int m, int n, int k, bool forced) {
  constexpr int S = resolved_stages<Engine, Stages>;
  using Tile = std::conditional_t<std::is_void_v<TileArg>, default_gemm_tile<ExecSpace, typename CV::non_const_value_type, Engine>,
                                  TileArg>;
  if constexpr (!engine_compiles<Engine, S, Tile::threads, ExecSpace>) {
    return engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads);
  } else {
    using Support = EngineSupport<Engine, ExecSpace>;
    if (auto why = engine_unavailable<Engine, S, Tile::threads>(space, Tile::threads); !why.empty()) return why;
    // Boxes in each view's own coordinates: A is MxK (or KxM when transposed), B KxN (NxK).
    auto sa = make_tile_source<TA ? Tile::bk : Tile::bm, TA ? Tile::bm : Tile::bk>(A);
    auto sb = make_tile_source<TB ? Tile::bn : Tile::bk, TB ? Tile::bk : Tile::bn>(B);
    LaunchResources res;
    if (k > 0 && alpha != 0) {  // otherwise A and B are never read
      if (auto why = Support::prepare(sa, res); !why.empty()) return "A: " + why;
      if (auto why = Support::prepare(sb, res); !why.empty()) return "B: " + why;
    }
    using Kernel = GemmKernel<Engine, S, Tile, TA, TB, decltype(sa), decltype(sb), CV>;
    std::int64_t const tiles_m = (std::int64_t(m) + Tile::bm - 1) / Tile::bm;
    int const tiles_n = int((std::int64_t(n) + Tile::bn - 1) / Tile::bn);
    Kernel kernel{sa, sb, C, alpha, beta, m, n, k, tiles_n};
    constexpr std::size_t scratch = tile_loop_scratch_bytes<Engine, S, decltype(sa), decltype(sb)>();
    using Policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<tile_loop_team_size<Engine>(Tile::threads), Tile::min_teams>>;
    std::string const what = "etage::gemm<" + std::string(Engine::name) + ", " + std::to_string(S) + " stages, " +
                             std::to_string(Tile::bm) + "x" + std::to_string(Tile::bn) + "x" +
                             std::to_string(Tile::bk) + " tile> (use fewer stages or a smaller GemmTile)";
    return enqueue_teams<Policy>(space, kernel, tiles_m * tiles_n, tile_loop_team_size<Engine>(Tile::threads), scratch,
                                 what, forced);
  }
}

}  // namespace impl

/// C = alpha * op(A) * op(B) + beta * C.
///
/// - A, B, C: rank-2 Kokkos::Views of float or double (same value type), any layout
///   (LayoutLeft, LayoutRight, LayoutStride subviews), accessible from ExecSpace.
///   op(A) is M x K, op(B) is K x N, C is M x N (elements).
///   C must not overlap A or B (etage::views_overlap: disjoint blocks of one matrix are
///   accepted, e.g. A, B and C as three column blocks of one LayoutRight allocation).
/// - transa / transb: 'N' (op(X) = X) or 'T' / 'C' (op(X) = X^T).
/// - K = 0 or alpha = 0: C = beta * C, A and B not read. beta = 0: C is not read.
/// - Engine: engine::Auto (default) picks the best engine that runs on the device and data;
///   an explicit engine is used or throws UnsupportedEngine saying why it cannot run.
///   Stages: 0 = the engine's default. Tile: block shape (GemmTile; void = default_gemm_tile).
/// Errors: InvalidArgument (trans flag, extents over INT_MAX, C overlapping A or B), ExtentMismatch, EmptyView
/// (M or N = 0), ScratchLimitExceeded / LaunchConfigError (forced engine whose tiles x stages
/// do not fit), UnsupportedEngine. Asynchronous, like Kokkos::parallel_for: enqueued on
/// `space`; fence `space` (or deep_copy C) before reading C on the host.
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class ExecSpace, class AV, class BV, class CV>
void gemm(ExecSpace const& space, char transa, char transb, typename CV::non_const_value_type alpha, AV const& A,
          BV const& B, typename CV::non_const_value_type beta, CV const& C) {
  using T = typename CV::non_const_value_type;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "etage::gemm: value type must be float or double");
  static_assert(AV::rank() == 2 && BV::rank() == 2 && CV::rank() == 2, "etage::gemm: A, B and C must be rank-2 views");
  static_assert(std::is_same_v<typename AV::non_const_value_type, T> && std::is_same_v<typename BV::non_const_value_type, T>,
                "etage::gemm: A, B and C must have the same value type");
  static_assert(!std::is_const_v<typename CV::value_type>, "etage::gemm: C must be writable");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename AV::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename BV::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename CV::memory_space>::accessible,
                "etage::gemm: A, B and C must be accessible from the execution space");
  if constexpr (!std::is_same_v<Engine, engine::Auto> && Stages != 0) {
    static_assert(stages_in_range<Engine, Stages>,
                  "etage::gemm: Stages is outside the engine's range (Synchronous 1..8, RegisterDoubleBuffer 2, "
                  "CpAsync and BulkTensor 2..8)");
  }

  bool const ta = impl::parse_op(transa, "transa"), tb = impl::parse_op(transb, "transb");
  std::size_t const m = ta ? A.extent(1) : A.extent(0), ka = ta ? A.extent(0) : A.extent(1);
  std::size_t const kb = tb ? B.extent(1) : B.extent(0), n = tb ? B.extent(0) : B.extent(1);
  auto dims = [&] {
    return " (op(A) " + std::to_string(m) + "x" + std::to_string(ka) + ", op(B) " + std::to_string(kb) + "x" +
           std::to_string(n) + ", C " + std::to_string(C.extent(0)) + "x" + std::to_string(C.extent(1)) + ")";
  };
  if (ka != kb) throw ExtentMismatch("etage::gemm: op(A) has K = " + std::to_string(ka) + " columns but op(B) has " + std::to_string(kb) + " rows" + dims());
  if (C.extent(0) != m || C.extent(1) != n) throw ExtentMismatch("etage::gemm: C must be M x N = " + std::to_string(m) + "x" + std::to_string(n) + dims());
  if (m == 0 || n == 0) throw EmptyView("etage::gemm: C is empty (M = " + std::to_string(m) + ", N = " + std::to_string(n) + "); M and N must be >= 1" + dims());
  if (ka > 0 && alpha != 0 && (views_overlap(C, A) || views_overlap(C, B)))
    throw InvalidArgument(std::string("etage::gemm: C overlaps ") + (views_overlap(C, A) ? "A" : "B") +
                          " in memory; C must not alias an input" + dims());
  std::size_t const limit = std::numeric_limits<int>::max();
  if (m > limit || n > limit || ka > limit) throw InvalidArgument("etage::gemm: an extent exceeds INT_MAX = " + std::to_string(limit) + dims());

  auto run = [&](auto ta_c, auto tb_c) {
    constexpr bool TA = decltype(ta_c)::value, TB = decltype(tb_c)::value;
    impl::run_engine<Engine, ExecSpace>("etage::gemm", [&](auto engine) {
      return impl::gemm_run<ExecSpace, decltype(engine), Stages, Tile, TA, TB>(
          space, alpha, A, B, beta, C, int(m), int(n), int(ka), !std::is_same_v<Engine, engine::Auto>);
    });
  };
  using F = std::false_type;
  using Tr = std::true_type;
  if (!ta && !tb) run(F{}, F{});
  else if (!ta && tb) run(F{}, Tr{});
  else if (ta && !tb) run(Tr{}, F{});
  else run(Tr{}, Tr{});
}

/// gemm on the default execution space instance of the views' (C's) execution space.
template <class Engine = engine::Auto, int Stages = 0, class Tile = void, class AV, class BV, class CV>
void gemm(char transa, char transb, typename CV::non_const_value_type alpha, AV const& A, BV const& B,
          typename CV::non_const_value_type beta, CV const& C) {
  gemm<Engine, Stages, Tile>(typename CV::execution_space{}, transa, transb, alpha, A, B, beta, C);
}

}  // namespace etage
