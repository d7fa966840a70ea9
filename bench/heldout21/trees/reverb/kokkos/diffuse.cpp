#include "diffuse.hpp"

#include <cmath>

namespace reverb {

DiffuseSolver::DiffuseSolver(int n_receivers, int n_bins)
    : n_rcv_(n_receivers),
      n_bins_(n_bins),
      flux_("flux", static_cast<size_t>(n_receivers)),
      d_energy_("energy", static_cast<size_t>(n_receivers) * 480) {}

void DiffuseSolver::ensure_history(size_t n) {
  if (history_.extent(0) < n) Kokkos::resize(history_, n);
}

std::vector<float> DiffuseSolver::step(float source_power, int t0) {
  const int n = n_rcv_ * 480;
  auto d = d_energy_;
  const float decay = std::exp(-6.9f * t0 / (2.5f * 48000.f));
  Kokkos::parallel_for("diffuse_rain", n, KOKKOS_LAMBDA(int i) { d(i) = source_power * decay / (1 + i % 480); });
  HostView energy("energy", static_cast<size_t>(n));
  Kokkos::deep_copy(energy, d);
  ensure_history(static_cast<size_t>(t0 + 480) * n_rcv_);
  for (int r = 0; r < n_rcv_; ++r) flux_(r) += energy(r * 480);
  return std::vector<float>(energy.data(), energy.data() + n);
}

}  // namespace reverb
