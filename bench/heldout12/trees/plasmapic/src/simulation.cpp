#include "simulation.hpp"

#include <cmath>
#include <mutex>

namespace pic {

namespace {
constexpr int kShapeTable = 4096;
}

// Quadratic-spline shape factor, tabulated once for the host-side diagnostics.
const double* shape_factor_table() {
  static std::once_flag once;
  static double* table = nullptr;
  std::call_once(once, [] {
    PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&table), kShapeTable * sizeof(double),
                                hipHostMallocDefault));
    for (int i = 0; i < kShapeTable; ++i) {
      const double s = 1.5 * i / kShapeTable;
      table[i] = s < 0.5 ? 0.75 - s * s : 0.5 * (1.5 - s) * (1.5 - s);
    }
  });
  return table;
}

Simulation::Simulation(const SimConfig& cfg)
    : cfg_(cfg), grid_{cfg.ncells, cfg.length}, solver_(grid_), rho_("rho", cfg.ncells), E_("E", cfg.ncells) {
  species_.emplace_back("electrons", -1.0, 1.0, cfg.particles, grid_, cfg.drift);
  species_.emplace_back("ions", 1.0, 1836.0, cfg.particles, grid_, 0.0);
  if (cfg.collision_freq > 0) collisions_ = std::make_unique<Collisions>(grid_, cfg.collision_freq);
}

void Simulation::step() {
  if (step_ % cfg_.sort_every == 0) {
    for (auto& sp : species_) sp.sort_by_cell(grid_);
  }
  Kokkos::deep_copy(rho_, 0.0);
  for (const auto& sp : species_) sp.deposit(rho_, grid_);
  solver_.solve(rho_, E_);
  for (auto& sp : species_) sp.push(E_, grid_, cfg_.dt);
  if (collisions_) collisions_->apply(species_, cfg_.dt);
  ++step_;
}

void Simulation::copy_field(double* out) const {
  Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> dst(out, grid_.ncells);
  Kokkos::deep_copy(dst, E_);
}

std::vector<double> Simulation::energies() const {
  std::vector<double> e;
  for (const auto& sp : species_) e.push_back(sp.kinetic_energy());
  auto hE = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), E_);
  double fe = 0;
  for (int i = 0; i < grid_.ncells; ++i) fe += 0.5 * hE(i) * hE(i) * grid_.dx();
  e.push_back(fe);
  return e;
}

}  // namespace pic
