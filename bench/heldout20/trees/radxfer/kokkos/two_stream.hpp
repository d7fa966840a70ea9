#pragma once

#include <Kokkos_Core.hpp>

#include <cstddef>

namespace radxfer {

using HostView = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;
using DevView = Kokkos::View<double*, Kokkos::HIPSpace>;

// Delta-Eddington two-stream solver for band-mean optical depths.
class TwoStreamSolver {
 public:
  TwoStreamSolver(int n_cols, int n_layers, int n_bands);

  // tau: [n_bands][ncol][nlay], bc: [ncol][2]; writes the heating rate (K/day) [ncol][nlay].
  void solve(const double* tau, const double* bc, double* heating, int ncol);
  // Clear-sky minus all-sky net flux at the top of the atmosphere, per column.
  void clear_sky_effect(const double* tau, const double* cloud_fraction, double* cre, int ncol);

  int n_layers() const { return nlay_; }

 private:
  int ncol_max_;
  int nlay_;
  int nbands_;
  HostView flux_net_;
  HostView cre_cache_;
  DevView d_tau_;
  DevView d_bc_;
  DevView d_net_;
};

}  // namespace radxfer
