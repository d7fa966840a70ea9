#include <chrono>
#include <cstdio>

#include "sphflow/host_block.hpp"
#include "sphflow/solver.hpp"

int main(int argc, char** argv) {
  sph::SolverConfig cfg;
  cfg.geometry = argc > 1 ? argv[1] : "data/dambreak.geo";
  sph::Solver solver(cfg);
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 1000; ++i) solver.step();
  auto t1 = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 100; ++rep) {
    sph::HostBlock<float> scratch(static_cast<size_t>(solver.n()) * 3);
    scratch.data()[0] = 0.f;
  }
  auto t2 = std::chrono::steady_clock::now();
  std::printf("step %.3f ms, HostBlock %.3f ms\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count() / 1000,
              std::chrono::duration<double, std::milli>(t2 - t1).count() / 100);
}
