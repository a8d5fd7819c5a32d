#pragma once
/// Level-0 team scratch limits and TeamPolicy sizing, checked before a launch.
#include <cstddef>
#include <string>

#include <Kokkos_Core.hpp>
#include <etage/error.hpp>

namespace etage {

/// Bytes of level-0 team scratch one team may request on `ExecSpace`, as Kokkos reports it
/// (`TeamPolicy::scratch_size_max(0)`; Kokkos 5.0.2 CUDA on the H200: 40,936).
template <class ExecSpace>
std::size_t scratch_limit_bytes() {
  return static_cast<std::size_t>(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
}

/// Throws ScratchLimitExceeded naming `requested` and the limit when `requested` bytes of
/// level-0 scratch do not fit on `ExecSpace`. `what` names the requester in the message.
template <class ExecSpace>
void check_scratch_bytes(std::size_t requested, std::string const& what) {
  std::size_t const limit = scratch_limit_bytes<ExecSpace>();
  if (requested > limit) throw ScratchLimitExceeded(requested, limit, what);
}

/// Builds a TeamPolicy of `league_size` teams of `team_size` threads with `scratch_bytes` of
/// level-0 scratch per team, and checks it can run `functor`: team_size in
/// [1, team_size_max], scratch within the limit. Errors: LaunchConfigError,
/// ScratchLimitExceeded. A league of 0 teams is legal (nothing to do).
template <class Policy, class Functor>
Policy make_team_policy(typename Policy::execution_space const& space, int league_size, int team_size,
                        std::size_t scratch_bytes, Functor const& functor, std::string const& what) {
  using Space = typename Policy::execution_space;
  if (league_size < 0)
    throw LaunchConfigError(what + ": league_size " + std::to_string(league_size) + " is negative");
  check_scratch_bytes<Space>(scratch_bytes, what);
  // Query the maximum on a 1-thread policy: some backends abort on constructing a policy
  // whose team size is too large.
  Policy probe(space, league_size, 1);
  probe.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  int const max = probe.team_size_max(functor, Kokkos::ParallelForTag{});
  if (team_size <= 0 || team_size > max)
    throw LaunchConfigError(what + ": team_size " + std::to_string(team_size) + " is outside [1, " +
                            std::to_string(max) + "] (team_size_max for this functor with " +
                            std::to_string(scratch_bytes) + " bytes of team scratch)");
  Policy policy(space, league_size, team_size);
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  return policy;
}

}  // namespace etage
