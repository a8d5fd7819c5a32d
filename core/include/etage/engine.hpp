#pragma once
/// Copy-engine tags: how a tile travels from global memory into a stage. An algorithm names
/// an engine only as a template argument; each backend specializes the core templates for it.
#include <string_view>

namespace etage::engine {

/// Plain loads and stores, then a team barrier. Every backend; any stage count >= 1.
struct Synchronous {
  static constexpr std::string_view name = "Synchronous";
  static constexpr int min_stages = 1;
  static constexpr int max_stages = 8;
  static constexpr int producer_warps = 0;
  static constexpr bool register_staged = false;
  static constexpr bool l2_prefetch = false;
  static constexpr bool l2_eviction_hints = false;
};
/// CUDA, any architecture: the next tile is held in registers while the current stage is
/// computed, then stored into the other slot. Exactly 2 stages.
struct RegisterDoubleBuffer {
  static constexpr std::string_view name = "RegisterDoubleBuffer";
  static constexpr int min_stages = 2;
  static constexpr int max_stages = 2;
  static constexpr int producer_warps = 0;
  /// Each thread holds its share of the next tile in registers: a larger tile costs registers,
  /// not only scratch.
  static constexpr bool register_staged = true;
  static constexpr bool l2_prefetch = false;
  static constexpr bool l2_eviction_hints = false;
};
/// CUDA sm_80+: per-thread cp.async.{ca,cg} copies, commit_group / wait_group. 2 to 8 stages.
struct CpAsync {
  static constexpr std::string_view name = "CpAsync";
  static constexpr int min_stages = 2;
  static constexpr int max_stages = 8;
  static constexpr int producer_warps = 0;
  static constexpr bool register_staged = false;
  static constexpr bool l2_prefetch = false;
  static constexpr bool l2_eviction_hints = false;
};
/// CUDA sm_90+: one elected producer thread issues cp.async.bulk.tensor (TMA) completing on
/// a full mbarrier armed with expect_tx; consumers release through empty mbarriers. 2 to 8.
struct BulkTensor {
  static constexpr std::string_view name = "BulkTensor";
  static constexpr int min_stages = 2;
  static constexpr int max_stages = 8;
  static constexpr int producer_warps = 1;
  static constexpr bool register_staged = false;
  /// The producer can prefetch tiles past the ring into L2 (cp.async.bulk.prefetch.tensor) for
  /// operands that ask for it (Operand::l2_prefetch_distance).
  static constexpr bool l2_prefetch = true;
  /// Its copies carry an operand's L2 eviction priority (Operand's L2Eviction, .L2::cache_hint).
  static constexpr bool l2_eviction_hints = true;
};
/// Picks the best engine the execution space, architecture and alignment allow, at launch.
struct Auto {
  static constexpr std::string_view name = "Auto";
};

}  // namespace etage::engine

namespace etage {

/// True when Stages is legal for Engine; used in static_asserts with a clear message.
template <class Engine, int Stages>
inline constexpr bool stages_in_range = Stages >= Engine::min_stages && Stages <= Engine::max_stages;

}  // namespace etage
