#include "psr.hpp"

#include <cmath>

namespace combkin {

PsrNetwork::PsrNetwork(int n_reactors, int n_species, std::vector<Link> links, double residence_time)
    : n_r_(n_reactors),
      n_sp_(n_species),
      links_(std::move(links)),
      tau_(residence_time),
      d_state_("psr_state", n_reactors, n_species + 1),
      h_state_("psr_state_host", n_reactors, n_species + 1) {
  Kokkos::deep_copy(h_state_, 0.0);
  for (int r = 0; r < n_r_; ++r) h_state_(r, 0) = 300.0;
  Kokkos::deep_copy(d_state_, h_state_);
}

void PsrNetwork::residence_exchange(const double* inflow, double dt) {
  // Link fluxes are assembled on the host (the link list is irregular and short), then the
  // mixed state goes back to the device for the reaction step.
  PinnedView1 flux("link_flux", links_.size());
  Kokkos::deep_copy(h_state_, d_state_);
  for (std::size_t l = 0; l < links_.size(); ++l) {
    const Link& k = links_[l];
    flux(l) = k.mass_flow * dt / tau_;
    for (int s = 0; s <= n_sp_; ++s) {
      const double d = flux(l) * (h_state_(k.from, s) - h_state_(k.to, s));
      h_state_(k.to, s) += d;
      h_state_(k.from, s) -= d;
    }
  }
  for (int s = 0; s <= n_sp_; ++s) h_state_(0, s) += dt / tau_ * (inflow[s] - h_state_(0, s));
  Kokkos::deep_copy(d_state_, h_state_);
  auto st = d_state_;
  const int n_sp = n_sp_;
  Kokkos::parallel_for(
      "psr_react", Kokkos::RangePolicy<Kokkos::HIP>(0, n_r_), KOKKOS_LAMBDA(int r) {
        // single-step global kinetics per reactor (the detailed mechanism lives in libchemhip)
        const double T = st(r, 0);
        const double w = 1.0e9 * exp(-15000.0 / T) * st(r, 1) * st(r, 2);
        st(r, 1) -= dt * w;
        st(r, 2) -= 0.5 * dt * w;
        st(r, 0) += dt * w * 2.4e3;
        (void)n_sp;
      });
}

std::vector<double> PsrNetwork::sensitivity(const std::vector<double>& rate_multipliers, double dt) {
  std::vector<double> dT(rate_multipliers.size());
  DevView2 base("psr_base", n_r_, n_sp_ + 1);
  Kokkos::deep_copy(base, d_state_);
  for (std::size_t p = 0; p < rate_multipliers.size(); ++p) {
    PinnedView2 perturbed("psr_perturbed", n_r_, n_sp_ + 1);
    Kokkos::deep_copy(d_state_, base);
    std::vector<double> inflow(n_sp_ + 1, 0.0);
    inflow[0] = 300.0 * rate_multipliers[p];
    residence_exchange(inflow.data(), dt);
    Kokkos::deep_copy(perturbed, d_state_);
    double t_mean = 0.0;
    for (int r = 0; r < n_r_; ++r) t_mean += perturbed(r, 0) / n_r_;
    dT[p] = t_mean;
  }
  Kokkos::deep_copy(d_state_, base);
  return dT;
}

void PsrNetwork::ensure_history(int steps) {
  if (static_cast<int>(hist_.extent(0)) < steps) {
    hist_ = PinnedView2("psr_history", 2 * steps, n_r_);
  }
}

void PsrNetwork::record(int step) {
  ensure_history(step + 1);
  for (int r = 0; r < n_r_; ++r) hist_(step, r) = h_state_(r, 0);
}

}  // namespace combkin
