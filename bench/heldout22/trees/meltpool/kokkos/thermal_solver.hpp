#pragma once
// Layer-scale heat diffusion (explicit FTCS on the part's voxel grid) with Kokkos/HIP.

#include <Kokkos_Core.hpp>

#include <vector>

namespace meltpool {

using HostView = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;
using DevView = Kokkos::View<double*, Kokkos::HIPSpace>;

class ThermalSolver {
 public:
  static constexpr int kMaxProbes = 64;

  ThermalSolver(int nx, int ny, int nz, double dx_m, double alpha);

  // One diffusion step; `laser` is the absorbed power per surface cell for this step.
  void step(double dt, const std::vector<double>& laser);
  // Temperatures at the thermocouple cells.
  std::vector<double> probe(const std::vector<int>& cells);
  // Append the surface temperature of this layer to the history kept for the porosity model.
  void record(int layer);
  const HostView& history() const { return history_; }

 private:
  int nx_, ny_, nz_;
  double dx_, alpha_;
  DevView temp_;
  DevView next_;
  DevView flux_d_;
  HostView probe_;
  HostView history_;
};

}  // namespace meltpool
