#pragma once
#include <mpi.h>

#include <cstddef>

#include "diagnostics.hpp"
#include "exchange.hpp"
#include "fft_plan.hpp"
#include "host_pinned.hpp"

class Solver {
 public:
  Solver(const Grid& g, MPI_Comm comm);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  void step(double dt);
  FFTPlan& fft() { return fft_; }
  const Grid& grid() const { return g_; }
  double* device_velocity() const { return d_u_; }
  double* velocity_host() { return u_host_; }
  std::size_t cells() const { return std::size_t(g_.nx) * g_.ny * g_.nz; }
  void download_probes();

 private:
  void pressure_solve();
  void record_residual(double r);

  Grid g_;
  MPI_Comm comm_;
  double* d_u_ = nullptr;
  double* d_p_ = nullptr;
  double* u_host_ = nullptr;
  HostPinned<double> probe_vals_;
  FFTPlan fft_;
  Exchange halo_;
  Diagnostics diag_;
  double* res_ = nullptr;
  std::size_t nres_ = 0;
  std::size_t res_cap_ = 0;
};
