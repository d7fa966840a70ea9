#pragma once
#include <vector>

#include <Kokkos_Core.hpp>

namespace combkin {

using DevView2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HIPSpace>;
using DevView1 = Kokkos::View<double*, Kokkos::HIPSpace>;
using PinnedView2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HIPHostPinnedSpace>;
using PinnedView1 = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;

struct Link {
  int from, to;
  double mass_flow;
};

// A network of perfectly-stirred reactors exchanging mass along links: the sub-grid model that
// the LES hands its filtered state to every step.
class PsrNetwork {
 public:
  PsrNetwork(int n_reactors, int n_species, std::vector<Link> links, double residence_time);

  // One splitting step: mix along the links (host-side flux assembly), then react on the device.
  void residence_exchange(const double* inflow, double dt);
  std::vector<double> sensitivity(const std::vector<double>& rate_multipliers, double dt);
  void record(int step);
  void ensure_history(int steps);
  const PinnedView2& state() const { return h_state_; }

 private:
  int n_r_, n_sp_;
  std::vector<Link> links_;
  double tau_;
  DevView2 d_state_;
  PinnedView2 h_state_;
  PinnedView2 hist_;
};

}  // namespace combkin
