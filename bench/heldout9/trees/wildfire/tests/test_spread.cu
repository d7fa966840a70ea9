#include <cassert>

#include "wf/sim.hpp"

namespace wf {
Terrain load_dem(const std::string& path);
}

int main() {
  wf::pinned_vec<float> elev(64 * 64, 100.f);
  wf::Terrain dem{64, 64, elev.data()};
  wf::Config cfg;
  cfg.nx = cfg.ny = 64;
  wf::Simulation sim(cfg, dem);
  sim.tick(0);
  assert(sim.nx() == 64);
  return 0;
}
