// Deliberately hangs a BulkTensor pipeline: the consumer warp waits on a full barrier that
// no producer ever arms. With the watchdog on, the wait must end in a diagnostic line and a
// trap (a failed launch), never a hang. ctest checks the printed line.
#define ETAGE_ENABLE_WATCHDOG 1
#define ETAGE_WATCHDOG_CYCLES (std::int64_t(1) << 24)  // ~8 ms
#include <cstdio>

#include <etage/etage.hpp>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  using Policy = Kokkos::TeamPolicy<>;
  using Pipe = etage::Pipeline<etage::engine::BulkTensor, 2>;
  Policy policy(1, 64);  // one producer warp (idle here) + one consumer warp
  policy.set_scratch_size(0, Kokkos::PerTeam(Pipe::scratch_bytes()));
  std::printf("watchdog_probe: waiting on a full barrier that is never armed\n");
  std::fflush(stdout);
  Kokkos::parallel_for(
      policy, KOKKOS_LAMBDA(Policy::member_type const& team) {
        Pipe pipe(team, 4096);
        if (team.team_rank() >= 32) pipe.consumer_wait(team, etage::PipelineState<2>());
      });
  Kokkos::fence();  // reports the trapped launch (Kokkos aborts): the process fails
  std::printf("watchdog_probe: the wait returned, which it must not\n");
  return 0;
}
