#pragma once
/// TileSource (a 2D global operand, read tile by tile) and SourceTile (one tile in a stage).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>
#include <etage/config.hpp>
#include <etage/error.hpp>

namespace etage {

/// A 2D operand in global memory, read as boxes of `Box0 x Box1` elements (extents in the
/// view's own dimension order). `Inner` (0 or 1) is the dimension stored contiguously in a
/// stage: the view's stride-1 dimension for LayoutLeft (0) and LayoutRight (1); 1 for
/// LayoutStride. A box is stored in a stage row-major as [box_outer][box_inner].
///
/// Elements of a box outside the extents (also at negative coordinates: a box origin may be
/// negative, e.g. a halo) arrive as zero in the stage, on every engine.
/// `vector_ok` says 16-byte copies are legal: data 16 B aligned, inner stride 1, outer stride
/// and box_inner multiples of 16 / sizeof(T). `tensor_map` is set by the BulkTensor engine's
/// host side (a CUtensorMap in device global memory), else null.
template <class T, int Box0, int Box1, int Inner>
struct TileSource {
  static_assert(Inner == 0 || Inner == 1, "etage::TileSource: Inner must be 0 or 1");
  static_assert(Box0 >= 1 && Box1 >= 1, "etage::TileSource: box extents must be >= 1");
  using value_type = T;
  static constexpr int box0 = Box0;
  static constexpr int box1 = Box1;
  static constexpr int inner = Inner;
  static constexpr int box_inner = Inner == 1 ? Box1 : Box0;
  static constexpr int box_outer = Inner == 1 ? Box0 : Box1;
  static constexpr std::size_t box_elements = std::size_t(Box0) * Box1;
  /// Bytes one box occupies in a stage, and the transaction bytes of one bulk tensor copy.
  static constexpr std::size_t box_bytes = box_elements * sizeof(T);
  static constexpr int vector_elements = 16 / sizeof(T);

  T const* data = nullptr;
  std::int64_t extent[2] = {0, 0};
  std::int64_t stride[2] = {0, 0};  // elements
  bool vector_ok = false;
  void const* tensor_map = nullptr;

  /// True when element (outer, inner) lies inside the tensor; coordinates may be negative
  /// (halo tiles start before the origin).
  ETAGE_FORCEINLINE_FUNCTION bool contains(std::int64_t outer, std::int64_t inner) const {
    return std::uint64_t(outer) < std::uint64_t(extent[1 - Inner]) && std::uint64_t(inner) < std::uint64_t(extent[Inner]);
  }
  ETAGE_INLINE_FUNCTION std::int64_t extent_inner() const { return extent[Inner]; }
  ETAGE_INLINE_FUNCTION std::int64_t extent_outer() const { return extent[1 - Inner]; }
  ETAGE_INLINE_FUNCTION std::int64_t stride_inner() const { return stride[Inner]; }
  ETAGE_INLINE_FUNCTION std::int64_t stride_outer() const { return stride[1 - Inner]; }
};

namespace impl {
/// Addresses [begin, end) of the bytes of row `r` (in [0, box_outer)) of the box at (c0, c1)
/// (source coordinates, as TileOrigin) that lie inside the tensor: its elements outside the
/// extents (negative coordinates, past the end) are cut off. {0, 0} when none lie inside.
/// Precondition: stride_inner() == 1 (a row is contiguous).
template <class Source>
ETAGE_INLINE_FUNCTION Kokkos::pair<std::uintptr_t, std::uintptr_t> box_row_bytes(Source const& src, std::int64_t c0,
                                                                                std::int64_t c1, int r) {
  using T = typename Source::value_type;
  KOKKOS_ASSERT(src.stride_inner() == 1);
  std::int64_t const outer = (Source::inner == 1 ? c0 : c1) + r, inner = Source::inner == 1 ? c1 : c0;
  std::int64_t const i0 = inner > 0 ? inner : 0,
                     i1 = inner + Source::box_inner < src.extent_inner() ? inner + Source::box_inner : src.extent_inner();
  if (outer < 0 || outer >= src.extent_outer() || i0 >= i1) return {0, 0};
  auto const row = reinterpret_cast<std::uintptr_t>(src.data + outer * src.stride_outer());
  return {row + std::uintptr_t(i0) * sizeof(T), row + std::uintptr_t(i1) * sizeof(T)};
}
}  // namespace impl

/// The stage dimension a view's layout makes contiguous (see TileSource::Inner).
template <class View>
inline constexpr int inner_dimension_v = std::is_same_v<typename View::array_layout, Kokkos::LayoutLeft> ? 0 : 1;

/// Builds the TileSource of a rank-2 view (any layout, subviews included).
template <int Box0, int Box1, class View>
TileSource<typename View::non_const_value_type, Box0, Box1, inner_dimension_v<View>> make_tile_source(View const& v) {
  static_assert(View::rank() == 2, "etage::make_tile_source: the view must be rank 2");
  using T = typename View::non_const_value_type;
  TileSource<T, Box0, Box1, inner_dimension_v<View>> s;
  s.data = v.data();
  s.extent[0] = static_cast<std::int64_t>(v.extent(0));
  s.extent[1] = static_cast<std::int64_t>(v.extent(1));
  s.stride[0] = static_cast<std::int64_t>(v.stride(0));
  s.stride[1] = static_cast<std::int64_t>(v.stride(1));
  // A dimension of extent 1 has an arbitrary stride; make the inner one 1 so it is dense.
  if (s.extent[s.inner] <= 1) s.stride[s.inner] = 1;
  constexpr int vec = decltype(s)::vector_elements;
  // A single outer row: its stride is never followed, so round it up to whole vectors.
  if (s.extent[1 - s.inner] <= 1) s.stride[1 - s.inner] = (s.extent[s.inner] + vec - 1) / vec * vec;
  s.vector_ok = reinterpret_cast<std::uintptr_t>(s.data) % 16 == 0 && s.stride_inner() == 1 &&
                s.stride_outer() % vec == 0 && decltype(s)::box_inner % vec == 0;
  return s;
}

/// N consecutive elements, aligned to their size (16 bytes for 4 floats), for vector
/// loads and stores. Precondition of load/store/store_global: the address is aligned to
/// sizeof(T) * N bytes.
template <class T, int N>
struct alignas(sizeof(T) * N) Vec {
  T v[N];
  ETAGE_FORCEINLINE_FUNCTION T operator[](int i) const { return v[i]; }

  ETAGE_FORCEINLINE_FUNCTION static Vec load(T const* from) { return *reinterpret_cast<Vec const*>(from); }
  ETAGE_FORCEINLINE_FUNCTION void store(T* to) const { *reinterpret_cast<Vec*>(to) = *this; }
  /// store, for a global-memory address (algorithms' output views). In CUDA device code a
  /// 16-byte block (4 floats, 2 doubles) goes through the st.global.wb.v4 intrinsic (__stwb):
  /// nvcc split both this struct copy and a plain float4 store into four 4-byte stores in the
  /// transpose kernel (its PTX at 9b872a5; on the H200, 4x the L2 write sectors: perf/NOTES.md,
  /// memory attempt 10). Loads and shared-memory stores came out as 16-byte instructions.
  ETAGE_FORCEINLINE_FUNCTION void store_global(T* to) const {
#if defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<T, float> && N == 4) {
      __stwb(reinterpret_cast<float4*>(to), make_float4(v[0], v[1], v[2], v[3]));
      return;
    } else if constexpr (std::is_same_v<T, double> && N == 2) {
      __stwb(reinterpret_cast<double2*>(to), make_double2(v[0], v[1]));
      return;
    }
#endif
    store(to);
  }
};

namespace impl {

/// The elements of a view as `rows` intervals of `length` elements that start `period`
/// elements apart (`period` >= `length`, so that they do not interleave), from its data
/// pointer. Rank 1: one interval when contiguous, else one element per index; rank 2: one
/// interval per index of the larger-stride dimension. `ok` false when the view has no such
/// form (rank 3 or more, a zero stride, or rows that interleave).
struct RowIntervals {
  bool ok = false;
  std::int64_t rows = 0, length = 0, period = 0;
};
template <class V>
RowIntervals row_intervals(V const& v) {
  if constexpr (V::rank() == 1) {
    std::int64_t const n = std::int64_t(v.extent(0)), s = std::int64_t(v.stride(0));
    if (n <= 1 || s == 1) return {true, 1, n, n};
    if (s <= 0) return {};
    return {true, n, 1, s};  // n single elements, s apart
  } else if constexpr (V::rank() == 2) {
    std::int64_t const n0 = std::int64_t(v.extent(0)), n1 = std::int64_t(v.extent(1));
    std::int64_t const s0 = std::int64_t(v.stride(0)), s1 = std::int64_t(v.stride(1));
    if (s0 <= 0 || s1 <= 0) return {};
    bool const rows_along_0 = s0 >= s1;
    std::int64_t const rows = rows_along_0 ? n0 : n1, period = rows_along_0 ? s0 : s1;
    std::int64_t const length = ((rows_along_0 ? n1 : n0) - 1) * (rows_along_0 ? s1 : s0) + 1;
    if (rows > 1 && length > period) return {};
    return {true, rows, length, rows > 1 ? period : length};
  } else {
    return {};
  }
}

/// floor(a / b) for b > 0.
inline std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace impl

/// True when two views share an element's address (a byte of one lies inside an element of
/// the other). Exact for rank-1 and rank-2 views of one element type whose rows do not
/// interleave and, with more than one row each, share the row period (e.g. column blocks of
/// one LayoutRight matrix, which do not overlap); otherwise conservative: true when the
/// address ranges [data, data + span) intersect, so interleaved strided views of one
/// allocation, and views of rank 3, count as overlapping when their ranges do. Empty views
/// overlap nothing. Host function (reads only the views' pointers and layouts).
template <class VA, class VB>
bool views_overlap(VA const& a, VB const& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  using TA = typename VA::value_type;
  using TB = typename VB::value_type;
  auto const a0 = reinterpret_cast<std::uintptr_t>(a.data()), b0 = reinterpret_cast<std::uintptr_t>(b.data());
  auto const a1 = a0 + a.span() * sizeof(TA), b1 = b0 + b.span() * sizeof(TB);
  if (!(a0 < b1 && b0 < a1)) return false;
  if constexpr (sizeof(TA) == sizeof(TB)) {
    impl::RowIntervals const ra = impl::row_intervals(a), rb = impl::row_intervals(b);
    std::intptr_t const bytes = std::intptr_t(b0) - std::intptr_t(a0);
    if (ra.ok && rb.ok && (ra.rows > 1 || rb.rows > 1) && bytes % std::intptr_t(sizeof(TA)) == 0) {
      std::int64_t const d = bytes / std::intptr_t(sizeof(TA));  // b's data from a's, in elements
      if (ra.rows > 1 && rb.rows > 1) {
        if (ra.period != rb.period) return true;
        // Row i of a: [i P, i P + La); row k of b: [d + k P, d + k P + Lb). They meet when
        // -Lb < d + m P < La for m = k - i in [-(Ra - 1), Rb - 1]; with La, Lb <= P only
        // m = -q (value r) and m = -q - 1 (value r - P) can, where d = q P + r, 0 <= r < P.
        std::int64_t const P = ra.period, q = impl::floor_div(d, P), r = d - q * P;
        auto const feasible = [&](std::int64_t m) { return m >= -(ra.rows - 1) && m <= rb.rows - 1; };
        return (r < ra.length && feasible(-q)) || (r - P > -rb.length && feasible(-q - 1));
      }
      // One interval [0, L) against rows [e + k P, e + k P + Lr), k in [0, R): the first row
      // that ends after 0 must start before L.
      bool const a_single = ra.rows == 1;
      std::int64_t const L = a_single ? ra.length : rb.length, e = a_single ? d : -d;
      impl::RowIntervals const& rows = a_single ? rb : ra;
      std::int64_t const k = std::max<std::int64_t>(0, impl::floor_div(-e - rows.length, rows.period) + 1);
      return k < rows.rows && e + k * rows.period < L;
    }
  }
  return true;
}

/// One tile in a stage, indexed in the source's coordinates: `(i0, i1)` with
/// 0 <= i0 < Box0, 0 <= i1 < Box1. Storage is [box_outer][box_inner], dense.
template <class T, int Box0, int Box1, int Inner>
struct SourceTile {
  T* data;
  static constexpr int inner = Inner;
  static constexpr int pitch = Inner == 1 ? Box1 : Box0;
  /// N elements along the stored-contiguous dimension starting at (outer, inner_index).
  /// Precondition: inner_index % N == 0 and N * sizeof(T) divides 128 (slot alignment).
  template <int N>
  ETAGE_FORCEINLINE_FUNCTION Vec<T, N> vector(int outer, int inner_index) const {
    static_assert(pitch % N == 0, "etage::SourceTile::vector: N must divide the stored row length");
    return Vec<T, N>::load(data + outer * pitch + inner_index);
  }
  ETAGE_FORCEINLINE_FUNCTION T& operator()(int i0, int i1) const {
    if constexpr (Inner == 1) {
      return data[i0 * pitch + i1];
    } else {
      return data[i1 * pitch + i0];
    }
  }
};

}  // namespace etage
