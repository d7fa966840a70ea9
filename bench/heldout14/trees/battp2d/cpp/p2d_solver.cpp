#include "p2d_solver.hpp"

#include <cmath>

namespace p2d {

P2DSolver::P2DSolver(int nx, int nr, int nt)
    : nx_(nx), nr_(nr), nt_(nt), profile_("profile", static_cast<size_t>(nx) * nr), conc_("conc", nx * nr) {}

const HostPinned& ocv_lut() {
  static HostPinned lut = [] {
    HostPinned v("ocv_lut", 1001);
    for (int i = 0; i <= 1000; ++i) v(i) = 3.0 + 1.2 * i / 1000.0 - 0.1 * std::log1p(i);
    return v;
  }();
  return lut;
}

std::vector<double> P2DSolver::simulate(const Params& p, double c_rate) {
  HostPinned voltage("voltage", nt_);
  auto conc = conc_;
  const auto& lut = ocv_lut();
  for (int t = 0; t < nt_; ++t) {
    Kokkos::parallel_for("diffuse", nx_ * nr_, KOKKOS_LAMBDA(int i) {
      conc(i) += p.D_s_n * 1e-3 * (i % 2 ? 1.0 : -1.0) - c_rate * 1e-4;
    });
    Kokkos::fence();
    double soc = 1.0 - c_rate * t / static_cast<double>(nt_);
    int k = static_cast<int>(std::fmax(0.0, std::fmin(1000.0, soc * 1000.0)));
    voltage(t) = lut(k) - c_rate * p.R_film;
  }
  Kokkos::deep_copy(profile_, conc_);
  return std::vector<double>(voltage.data(), voltage.data() + nt_);
}

std::vector<std::vector<double>> P2DSolver::sweep_c_rates(const Params& p, const std::vector<double>& rates) {
  std::vector<std::vector<double>> out;
  for (double r : rates) {
    HostPinned trace("trace", nt_);
    auto v = simulate(p, r);
    for (int t = 0; t < nt_; ++t) trace(t) = v[t];
    out.emplace_back(trace.data(), trace.data() + nt_);
  }
  return out;
}

}  // namespace p2d
