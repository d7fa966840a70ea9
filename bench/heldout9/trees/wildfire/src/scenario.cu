#include <cstdio>
#include <string>
#include <vector>

#include <thrust/universal_vector.h>

#include "wf/sim.hpp"

namespace wf {

struct Scenario {
  std::string name;
  float fuel_moisture;
  float wind_speed;
  int ticks;
};

// Ensemble of what-if scenarios; each scenario writes its final burn probability map.
void run_scenarios(const std::vector<Scenario>& scenarios, const Config& cfg, Simulation& sim) {
  const size_t n = size_t(cfg.nx) * cfg.ny;
  for (const auto& sc : scenarios) {
    thrust::universal_host_pinned_vector<float> burn(n);
    for (int t = 0; t < sc.ticks; ++t) sim.tick(t);
    cudaMemcpy(thrust::raw_pointer_cast(burn.data()), sim.d_burned(), n * sizeof(float), cudaMemcpyDeviceToHost);
    std::FILE* fp = std::fopen(("out/" + sc.name + ".bin").c_str(), "wb");
    if (!fp) continue;
    std::fwrite(thrust::raw_pointer_cast(burn.data()), sizeof(float), n, fp);
    std::fclose(fp);
  }
}

}  // namespace wf
