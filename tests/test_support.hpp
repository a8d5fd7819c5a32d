#pragma once
/// Shared test helpers: the engines under test, random fills, a mock team member.
#include <cmath>
#include <cstdint>
#include <random>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include <Kokkos_Core.hpp>
#include <catch2/catch_test_macros.hpp>
#include <etage/etage.hpp>

namespace etage::test {

using Space = Kokkos::DefaultExecutionSpace;

/// Engines instantiated by the templated tests, with the stage count each runs at.
template <class Engine, int Stages>
struct EngineAt {
  using engine = Engine;
  static constexpr int stages = Stages;
};
#if ETAGE_HAS_CUDA_ENGINES
using EnginesUnderTest = std::tuple<EngineAt<engine::Synchronous, 2>, EngineAt<engine::RegisterDoubleBuffer, 2>,
                                    EngineAt<engine::CpAsync, 4>, EngineAt<engine::BulkTensor, 4>>;
#else
using EnginesUnderTest = std::tuple<EngineAt<engine::Synchronous, 1>, EngineAt<engine::Synchronous, 2>,
                                    EngineAt<engine::Synchronous, 4>>;
#endif

/// Labels of the parallel_for calls seen while a LabelRecorder lives (Kokkos Tools callback).
inline std::vector<std::string> recorded_labels;
struct LabelRecorder {
  LabelRecorder() {
    recorded_labels.clear();
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(
        [](char const* name, std::uint32_t, std::uint64_t* id) {
          recorded_labels.emplace_back(name);
          *id = 0;
        });
  }
  ~LabelRecorder() { Kokkos::Tools::Experimental::set_begin_parallel_for_callback(nullptr); }
  LabelRecorder(LabelRecorder const&) = delete;
  LabelRecorder& operator=(LabelRecorder const&) = delete;
};

/// The recorded labels that start with `prefix`.
inline std::vector<std::string> labels_starting_with(std::string const& prefix) {
  std::vector<std::string> v;
  for (auto const& label : recorded_labels)
    if (label.rfind(prefix, 0) == 0) v.push_back(label);
  return v;
}

/// The labels, starting with `prefix`, of the kernels `run()` launches (on Space, fenced after it).
template <class Run>
std::vector<std::string> launched_labels(std::string const& prefix, Run&& run) {
  {
    LabelRecorder const recorder;
    run();
    Space{}.fence();
  }
  return labels_starting_with(prefix);
}

/// The label of the one kernel, among those `run()` launches (on Space, fenced after it),
/// whose label starts with `prefix`. Fails the test case (REQUIRE) unless exactly one did.
template <class Run>
std::string only_label(std::string const& prefix, Run&& run) {
  auto const labels = launched_labels(prefix, run);
  CAPTURE(prefix, labels);
  REQUIRE(labels.size() == 1);
  return labels[0];
}

/// Fresh seed per run (printed by the test on failure through CAPTURE).
inline unsigned fresh_seed() {
  static std::random_device rd;
  return rd();
}

/// Fills a host view with uniform values in [-1, 1).
template <class View>
void fill_random(View const& v, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  using T = typename View::non_const_value_type;
  for (std::size_t i = 0; i < v.extent(0); ++i)
    for (std::size_t j = 0; j < v.extent(1); ++j) v(i, j) = static_cast<T>(dist(gen));
}

/// Single-thread stand-in for a Kokkos team member: drives Pipelines on the host outside a
/// parallel region, so protocol misuse surfaces as a catchable exception.
struct MockMember {
  int barriers = 0;
  KOKKOS_FUNCTION int team_rank() const { return 0; }
  KOKKOS_FUNCTION int team_size() const { return 1; }
  KOKKOS_FUNCTION int league_rank() const { return 0; }
  KOKKOS_FUNCTION void team_barrier() const { ++const_cast<MockMember*>(this)->barriers; }
};

/// The message of the UnsupportedEngine that `run` throws; "(nothing thrown)" if it returns.
/// Other exceptions propagate.
template <class Run>
std::string unsupported_engine_message(Run&& run) {
  try {
    run();
  } catch (UnsupportedEngine const& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

/// Checks that `run` (a forced BulkTensor call on an operand the tensor map cannot describe)
/// throws UnsupportedEngine naming the engine, the operand and the tensor-map rule it breaks,
/// with the value (CUDA Driver API, cuTensorMapEncodeTiled: a 16-byte aligned base, an inner
/// stride of 1 element, row strides in multiples of 16 bytes).
template <class Run>
void check_bulk_tensor_refusal(Run&& run) {
  std::string const message = unsupported_engine_message(run);
  CAPTURE(message);
  CHECK(std::regex_search(message, std::regex("<BulkTensor>: [A-Za-z]+: (base address [0-9]+ is not 16-byte aligned|"
                                              "inner stride is [0-9]+ elements; bulk tensor copies need 1|"
                                              "row stride is [0-9]+ bytes, not a multiple of 16 bytes)")));
}

}  // namespace etage::test
