#pragma once
#include <Kokkos_Core.hpp>
#include <vector>

namespace p2d {

using HostPinned = Kokkos::View<double*, Kokkos::CudaHostPinnedSpace>;
using DeviceVec = Kokkos::View<double*, Kokkos::CudaSpace>;

struct Params { double D_s_n, D_s_p, k_n, k_p, eps_e, R_film; };

class P2DSolver {
 public:
  P2DSolver(int nx, int nr, int nt);
  std::vector<double> simulate(const Params& p, double c_rate);
  std::vector<std::vector<double>> sweep_c_rates(const Params& p, const std::vector<double>& rates);
  int nt() const { return nt_; }

 private:
  int nx_, nr_, nt_;
  HostPinned profile_;
  DeviceVec conc_;
};

const HostPinned& ocv_lut();

}  // namespace p2d
