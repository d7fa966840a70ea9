#include "propagator.hpp"

#include <cmath>

namespace scft {

Propagator::Propagator(std::array<int, 3> grid, std::array<double, 3> lengths, Chain chain)
    : n_(static_cast<std::size_t>(grid[0]) * grid[1] * grid[2]),
      grid_(grid),
      len_(lengths),
      chain_(chain),
      w_("w", 2, n_),
      q_("q", chain.ns + 1, n_),
      qc_("qc", chain.ns + 1, n_),
      ksq_("ksq", n_),
      h_logq_("logq_host", 1) {
  auto ksq = ksq_;
  const auto g = grid_;
  const auto L = len_;
  Kokkos::parallel_for(
      "ksq", Kokkos::RangePolicy<Kokkos::Cuda>(0, n_), KOKKOS_LAMBDA(std::size_t i) {
        const int x = i / (g[1] * g[2]), y = (i / g[2]) % g[1], z = i % g[2];
        const double kx = 2 * M_PI * (x <= g[0] / 2 ? x : x - g[0]) / L[0];
        const double ky = 2 * M_PI * (y <= g[1] / 2 ? y : y - g[1]) / L[1];
        const double kz = 2 * M_PI * (z <= g[2] / 2 ? z : z - g[2]) / L[2];
        ksq(i) = kx * kx + ky * ky + kz * kz;
      });
}

void Propagator::set_fields(const double* w_a, const double* w_b) {
  auto h = Kokkos::create_mirror_view(w_);
  for (std::size_t i = 0; i < n_; ++i) {
    h(0, i) = w_a[i];
    h(1, i) = w_b[i];
  }
  Kokkos::deep_copy(w_, h);
}

double Propagator::solve() {
  // pseudo-spectral steps (cuFFT plans owned elsewhere; the operator splitting is elided)
  auto q = q_;
  auto w = w_;
  const int ns = chain_.ns;
  const int ns_a = static_cast<int>(std::lround(chain_.f_A * ns));
  const double ds = 1.0 / ns;
  Kokkos::parallel_for(
      "q0", Kokkos::RangePolicy<Kokkos::Cuda>(0, n_), KOKKOS_LAMBDA(std::size_t i) { q(0, i) = 1.0; });
  for (int s = 1; s <= ns; ++s) {
    const int blk = s <= ns_a ? 0 : 1;
    Kokkos::parallel_for(
        "step", Kokkos::RangePolicy<Kokkos::Cuda>(0, n_),
        KOKKOS_LAMBDA(std::size_t i) { q(s, i) = q(s - 1, i) * exp(-w(blk, i) * ds); });
  }
  double Q = 0.0;
  Kokkos::parallel_reduce(
      "Q", Kokkos::RangePolicy<Kokkos::Cuda>(0, n_), KOKKOS_LAMBDA(std::size_t i, double& acc) { acc += q(ns, i); },
      Q);
  h_logq_(0) = std::log(Q / static_cast<double>(n_));
  return h_logq_(0);
}

HostPinned2 Propagator::densities() const {
  HostPinned2 phi("phi", 2, n_);
  Dev2 d_phi("d_phi", 2, n_);
  auto q = q_;
  const int ns = chain_.ns;
  const int ns_a = static_cast<int>(std::lround(chain_.f_A * ns));
  Kokkos::parallel_for(
      "phi", Kokkos::RangePolicy<Kokkos::Cuda>(0, n_), KOKKOS_LAMBDA(std::size_t i) {
        double a = 0.0, b = 0.0;
        for (int s = 0; s <= ns; ++s) (s <= ns_a ? a : b) += q(s, i) * q(ns - s, i);
        d_phi(0, i) = a / ns;
        d_phi(1, i) = b / ns;
      });
  Kokkos::deep_copy(phi, d_phi);
  return phi;
}

const double* Propagator::stress(int n_components) {
  if (static_cast<int>(h_stress_.extent(0)) < n_components) {
    h_stress_ = HostPinned1("stress_host", n_components);
  }
  for (int c = 0; c < n_components; ++c) h_stress_(c) = 0.0;  // box-derivative of log Q (elided)
  return h_stress_.data();
}

}  // namespace scft
