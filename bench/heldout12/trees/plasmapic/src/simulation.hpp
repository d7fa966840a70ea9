#pragma once
#include <memory>
#include <string>
#include <vector>

#include "pic/species.hpp"

namespace pic {

class FieldSolver {
 public:
  explicit FieldSolver(const Grid& g);
  ~FieldSolver();
  void solve(const DeviceView<double*>& rho, DeviceView<double*>& E);

 private:
  double* make_rho_staging(const DeviceView<double*>& rho);
  void ensure_fft_work(size_t n);
  Grid grid_;
  double* fft_host_ = nullptr;
  size_t fft_cap_ = 0;
};

class Collisions {
 public:
  Collisions(const Grid& g, double nu0) : grid_(g), nu0_(nu0) {}
  void apply(std::vector<Species>& species, double dt);

 private:
  Grid grid_;
  double nu0_;
};

struct SimConfig {
  int ncells = 512;
  double length = 20.94;
  int particles = 200000;
  double drift = 1.0;
  double dt = 0.1;
  int sort_every = 20;
  double collision_freq = 0.0;
};

class Simulation {
 public:
  explicit Simulation(const SimConfig& cfg);
  void step();
  int step_index() const { return step_; }
  const Grid& grid() const { return grid_; }
  std::vector<Species>& species() { return species_; }
  void copy_field(double* out) const;
  const DeviceView<double*>& field() const { return E_; }
  std::vector<double> energies() const;
  void set_step(int s) { step_ = s; }

 private:
  SimConfig cfg_;
  Grid grid_;
  std::vector<Species> species_;
  FieldSolver solver_;
  std::unique_ptr<Collisions> collisions_;
  DeviceView<double*> rho_, E_;
  int step_ = 0;
};

const double* shape_factor_table();
bool write_checkpoint(const std::string& path, std::vector<Species>& species, int step);
int read_checkpoint(const std::string& path, std::vector<Species>& species);

struct Histogram {
  std::string species;
  std::vector<double> edges, counts;
};
std::vector<Histogram> energy_histograms(std::vector<Species>& species, int nbins);
double probe_sample(const DeviceView<double*>& E, int cell);

}  // namespace pic
