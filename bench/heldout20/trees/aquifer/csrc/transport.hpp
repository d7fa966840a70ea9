#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "pinned.hpp"
#include "reaction.hpp"

namespace aquifer {

struct Grid {
  int nx, ny, nz;
  double dx, dy, dz;
};

// Called after every step with the device concentration field.
using AuditHook = std::function<void(const double* d_conc, std::size_t n, int step)>;

class TransportSolver {
 public:
  TransportSolver(const Grid& g, int n_species, int n_subdomains);
  ~TransportSolver();
  TransportSolver(const TransportSolver&) = delete;
  TransportSolver& operator=(const TransportSolver&) = delete;

  void set_reaction(std::unique_ptr<Reaction> r) { reaction_ = std::move(r); }
  void set_audit(AuditHook h) { audit_ = std::move(h); }

  // Advance one step; returns the largest Courant number seen.
  double step(double dt);
  void download(double* host, std::size_t n) const;

  std::size_t cells() const { return n_cells_; }
  int species() const { return n_species_; }
  int steps_taken() const { return step_; }
  double* device_conc() { return d_conc_; }
  const double* device_conc() const { return d_conc_; }
  double* device_perm() { return d_perm_; }
  double* device_source() { return d_src_; }
  cudaStream_t stream() const { return stream_; }

 private:
  double advect(double dt);
  void exchange_faces();
  void react(double dt);

  Grid grid_;
  int n_species_;
  int n_sub_;
  std::size_t n_cells_ = 0;
  int step_ = 0;
  double* d_conc_ = nullptr;
  double* d_next_ = nullptr;
  double* d_perm_ = nullptr;
  double* d_src_ = nullptr;
  double* d_courant_ = nullptr;
  cudaStream_t stream_{};
  mutable std::vector<PinnedBuffer<double>> ring_;
  std::vector<std::size_t> face_len_;
  std::unique_ptr<Reaction> reaction_;
  AuditHook audit_;
};

}  // namespace aquifer
