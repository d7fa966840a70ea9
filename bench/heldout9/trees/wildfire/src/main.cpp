#include <cstdio>
#include <fstream>
#include <vector>

#include "wf/render.hpp"
#include "wf/sim.hpp"

namespace wf {
Terrain load_dem(const std::string& path);
void free_dem(Terrain& t);
class WindField;
WindField* make_wind(const Config& cfg);
void update_wind(WindField& w, int t, Simulation& sim);
struct Scenario {
  std::string name;
  float fuel_moisture;
  float wind_speed;
  int ticks;
};
void run_scenarios(const std::vector<Scenario>& scenarios, const Config& cfg, Simulation& sim);
}  // namespace wf

int main(int argc, char** argv) {
  wf::Config cfg;
  if (argc > 1) cfg.dem_path = argv[1];
  if (argc > 2) cfg.scenario_file = argv[2];
  wf::Terrain dem = wf::load_dem(cfg.dem_path);
  cfg.nx = dem.nx;
  cfg.ny = dem.ny;
  wf::Simulation sim(cfg, dem);
  wf::WindField* wind = wf::make_wind(cfg);
  wf::Renderer renderer(cfg.nx, cfg.ny);
  renderer.load_palette(cfg.palette);
  for (int t = 0; t < cfg.ticks; ++t) {
    wf::update_wind(*wind, t, sim);
    sim.tick(t);
    if (t % cfg.render_every == 0) renderer.render_overlay(sim, t);
  }
  if (!cfg.scenario_file.empty()) {
    std::vector<wf::Scenario> scenarios;
    std::ifstream in(cfg.scenario_file);
    wf::Scenario s;
    while (in >> s.name >> s.fuel_moisture >> s.wind_speed >> s.ticks) scenarios.push_back(s);
    wf::run_scenarios(scenarios, cfg, sim);
  }
  wf::free_dem(dem);
  return 0;
}
