/// Catch2 main that brackets the run with Kokkos initialize/finalize.
#include <Kokkos_Core.hpp>
#include <catch2/catch_session.hpp>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  return Catch::Session().run(argc, argv);
}
