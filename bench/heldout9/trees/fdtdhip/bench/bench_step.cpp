#include <chrono>
#include <cstdio>

#include "fdtd/solver.hpp"

// Time steps per second on a 2048^2 grid, no probes or checkpoints.
int main() {
  fdtd::Config cfg;
  cfg.nx = cfg.ny = 2048;
  cfg.steps = 500;
  cfg.checkpoint_every = 0;
  fdtd::Solver solver(cfg);
  auto t0 = std::chrono::steady_clock::now();
  solver.run();
  (void)hipDeviceSynchronize();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.1f steps/s\n", cfg.steps / s);
  return 0;
}
