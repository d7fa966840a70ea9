#pragma once
#include <Kokkos_Core.hpp>
#include <vector>

namespace reverb {

using HostView = Kokkos::View<float*, Kokkos::HIPHostPinnedSpace>;
using DevView = Kokkos::View<float*, Kokkos::HIPSpace>;

class DiffuseSolver {
 public:
  DiffuseSolver(int n_receivers, int n_bins);
  std::vector<float> step(float source_power, int t0);
  void ensure_history(size_t n);

 private:
  int n_rcv_, n_bins_;
  HostView flux_;
  HostView history_;
  DevView d_energy_;
};

}  // namespace reverb
