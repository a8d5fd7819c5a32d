// A StageBuffer carved out of level-1 team scratch (global memory on CUDA) must not be used as
// if it were shared memory: its constructor aborts with a message that names the rule. ctest
// checks the printed line (the abort makes the process fail, as the watchdog probe's trap does).
#include <cstdio>

#include <etage/etage.hpp>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  using Policy = Kokkos::TeamPolicy<>;
  using Buffer = etage::StageBuffer<float, 2, 4, 32>;
  Policy policy(1, 32);
  policy.set_scratch_size(1, Kokkos::PerTeam(Buffer::scratch_bytes()));
  Kokkos::View<float, Kokkos::DefaultExecutionSpace::memory_space> sink("sink");
  std::printf("scratch_level_probe: a StageBuffer in level-1 team scratch\n");
  std::fflush(stdout);
  Kokkos::parallel_for(
      policy, KOKKOS_LAMBDA(Policy::member_type const& team) {
        Buffer ring(team.team_scratch(1));
        if (team.team_rank() == 0) sink() = ring.slot(1)[0];
      });
  Kokkos::fence();
  std::printf("scratch_level_probe: the constructor returned, which it must not\n");
  return 0;
}
