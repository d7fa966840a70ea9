#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pinned_vec.h"

#define FEP_CUDA(expr)                                                          \
  do {                                                                          \
    cudaError_t fep_err_ = (expr);                                              \
    if (fep_err_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "fepalch: %s at %s:%d: %s\n", #expr, __FILE__,       \
                   __LINE__, cudaGetErrorString(fep_err_));                     \
      std::abort();                                                             \
    }                                                                           \
  } while (0)

namespace fep {

struct Topology {
  int n_atoms = 0;
  int n_ligand = 0;
  float* d_charges = nullptr;
  float* d_sigma = nullptr;
  float* d_epsilon = nullptr;
  int* d_ligand_mask = nullptr;
};

Topology load_topology(const std::string& path);
std::vector<float> load_rst7(const std::string& path, int n_atoms);

void launch_softcore_step(const Topology& top, float* d_coords, float* d_vel, float* d_forces,
                          const float* d_params, int n_atoms, float dt, cudaStream_t s);
void launch_cross_energies(const Topology& top, const float* d_coords, const float* d_params_all,
                           double* d_u, int n_windows, int n_atoms, cudaStream_t s);
void launch_dhdl(const Topology& top, const float* d_coords, const float* d_params_all, int window,
                 double* d_dhdl, int n_atoms, cudaStream_t s);

class FepEngine {
 public:
  FepEngine(const std::string& prmtop, const std::string& rst7, int n_windows, double temperature);
  ~FepEngine();
  FepEngine(const FepEngine&) = delete;
  FepEngine& operator=(const FepEngine&) = delete;

  void propagate(int window, const float* params, int n_steps);
  std::vector<double> exchange_energies();
  void write_dhdl(const std::string& path);
  bool snapshot_coords(const std::string& path);
  const float* coordinates(int replica) const;
  int n_atoms() const { return n_atoms_; }
  int n_windows() const { return n_windows_; }

 private:
  void stage_forces(int window);

  Topology top_;
  int n_windows_ = 0;
  int n_atoms_ = 0;
  double kT_ = 0.0;
  cudaStream_t stream_ = nullptr;
  float* coords_host_ = nullptr;  // mapped, read by Python between cycles
  float* d_coords_ = nullptr;
  float* d_vel_ = nullptr;
  float* d_forces_ = nullptr;
  float* d_params_all_ = nullptr;
  double* d_u_ = nullptr;
  double* d_dhdl_ = nullptr;
  PinnedVector<float> forces_;  // per-window force history for dU/dlambda
};

}  // namespace fep
