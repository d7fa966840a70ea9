// Steps a synthetic ring road and reports vehicle-updates per second.
#include <chrono>
#include <cstdio>

#include "sim.hpp"

int main(int argc, char** argv) {
  const char* net = argc > 1 ? argv[1] : "networks/ring_3lane.tmn";
  const int steps = argc > 2 ? std::atoi(argv[2]) : 1000;
  traffic::Simulation sim(net, 50000, {"idm"});
  float* trace = nullptr;
  TM_CHECK(cudaMallocHost(reinterpret_cast<void**>(&trace), steps * sizeof(float)));
  for (int i = 0; i < 10; ++i) sim.step(0.1f);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; ++i) {
    sim.step(0.1f);
    trace[i] = static_cast<float>(sim.n_vehicles());
  }
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.1f M vehicle-updates/s\n", sim.n_vehicles() * static_cast<double>(steps) / dt / 1e6);
  cudaFreeHost(trace);
  return 0;
}
