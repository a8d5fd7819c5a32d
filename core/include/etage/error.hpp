#pragma once
/// Typed errors thrown by host-side precondition checks (every message names the argument, its
/// value and the limit it broke), and, as plain Error, runtime failures of a backend call
/// (the message names the call and the runtime's own message).
#include <cstddef>
#include <stdexcept>
#include <string>

namespace etage {

/// Base of every etage error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Operand extents that do not agree (e.g. GEMM op(A) is MxK but C is not MxN).
struct ExtentMismatch : Error {
  using Error::Error;
};
/// An operand with no elements where the algorithm needs some (e.g. GEMM with M or N = 0).
struct EmptyView : Error {
  using Error::Error;
};
/// A level-0 team scratch request larger than the execution space allows.
struct ScratchLimitExceeded : Error {
  ScratchLimitExceeded(std::size_t requested, std::size_t limit, std::string const& what)
      : Error(what + ": requested " + std::to_string(requested) +
              " bytes of level-0 team scratch, limit " + std::to_string(limit) + " bytes"),
        requested_bytes(requested), limit_bytes(limit) {}
  std::size_t requested_bytes;
  std::size_t limit_bytes;
};
/// A launch shape the execution space cannot run (team size 0 or over its maximum, ...).
struct LaunchConfigError : Error {
  using Error::Error;
};
/// An engine forced on data or hardware it cannot serve (alignment, architecture, box size).
struct UnsupportedEngine : Error {
  using Error::Error;
};
/// A pipeline protocol violation detected by the debug ring accounting (host side).
struct PipelineMisuse : Error {
  using Error::Error;
};
/// An argument out of its documented range (halo wider than the grid, bad trans flag ...).
struct InvalidArgument : Error {
  using Error::Error;
};

}  // namespace etage
