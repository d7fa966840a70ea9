#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "icesheet/mesh.hpp"
#include "icesheet/pinned.hpp"
#include "icesheet/rheology.hpp"

namespace icesheet {

struct SolverOptions {
  std::string rheology = "glen";
  double glen_A = 2.4e-24;
  double glen_n = 3.0;
  int ring_depth = 4;
  double tol = 1e-6;
};

class Solver {
 public:
  Solver(Mesh mesh, SolverOptions opts);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  double picard(int max_iter);
  std::vector<double> adjoint_sweep(const std::vector<double>& u_obs,
                                    const std::vector<double>& v_obs);
  bool load_forcing(const std::string& path);
  void set_beta2(const std::vector<double>& b) { state_.beta2 = b; }
  void set_audit(std::function<void(const State&)> fn) { audit_ = std::move(fn); }

  const State& state() const { return state_; }
  const Mesh& mesh() const { return mesh_; }

 private:
  void linear_solve_();

  Mesh mesh_;
  SolverOptions opts_;
  State state_;
  std::unique_ptr<Rheology> rheo_;
  std::vector<PinnedArray<double>> ring_;
  std::size_t ring_head_ = 0;
  double* eta_dev_ = nullptr;
  double* uv_dev_ = nullptr;
  std::function<void(const State&)> audit_;
  std::vector<double> smb_;
};

void write_velocity(const Solver& s, const std::string& path);
void export_tiles(const Solver& s, const std::string& dir, int tile);
std::vector<float> load_surface_dem(const std::string& path, std::size_t n_expected);
std::vector<double> stage_obs(const std::vector<double>& u, const std::vector<double>& v,
                              const std::vector<double>& sigma);
const PinnedArray<float>& velocity_table();
std::function<void(const State&)> make_residual_audit(std::size_t n);

}  // namespace icesheet
