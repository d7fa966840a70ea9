#include "two_stream.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace radxfer {

namespace {
constexpr double kCpAir = 1004.64;
constexpr double kGravity = 9.80665;
constexpr double kSecondsPerDay = 86400.0;
constexpr double kLayerDp = 1.0e5 / 60.0;
}  // namespace

TwoStreamSolver::TwoStreamSolver(int n_cols, int n_layers, int n_bands)
    : ncol_max_(n_cols),
      nlay_(n_layers),
      nbands_(n_bands),
      flux_net_("flux_net", static_cast<std::size_t>(n_cols) * (n_layers + 1)),
      d_tau_("d_tau", static_cast<std::size_t>(n_bands) * n_cols * n_layers),
      d_bc_("d_bc", static_cast<std::size_t>(n_cols) * 2),
      d_net_("d_net", static_cast<std::size_t>(n_cols) * (n_layers + 1)) {}

void TwoStreamSolver::solve(const double* tau, const double* bc, double* heating, int ncol) {
  const std::size_t n = static_cast<std::size_t>(nbands_) * ncol * nlay_;
  HostView staged("tau_staged", n + 2 * static_cast<std::size_t>(ncol));
  std::memcpy(staged.data(), tau, n * sizeof(double));
  std::memcpy(staged.data() + n, bc, 2 * static_cast<std::size_t>(ncol) * sizeof(double));
  auto tau_in = Kokkos::subview(d_tau_, std::make_pair<std::size_t, std::size_t>(0, n));
  auto bc_in = Kokkos::subview(d_bc_, std::make_pair<std::size_t, std::size_t>(0, 2 * ncol));
  Kokkos::deep_copy(tau_in, Kokkos::subview(staged, std::make_pair<std::size_t, std::size_t>(0, n)));
  Kokkos::deep_copy(bc_in, Kokkos::subview(staged, std::make_pair(n, n + 2 * static_cast<std::size_t>(ncol))));

  const int nlay = nlay_;
  const int nb = nbands_;
  auto dtau = d_tau_;
  auto dbc = d_bc_;
  auto dnet = d_net_;
  Kokkos::parallel_for(
      "two_stream", Kokkos::RangePolicy<Kokkos::HIP>(0, ncol), KOKKOS_LAMBDA(const int c) {
        double down = dbc(2 * c);
        const double up_sfc = dbc(2 * c + 1);
        for (int k = 0; k <= nlay; ++k) {
          double t = 0.0;
          for (int b = 0; b < nb && k < nlay; ++b) t += dtau((static_cast<std::size_t>(b) * ncol + c) * nlay + k);
          dnet(static_cast<std::size_t>(c) * (nlay + 1) + k) = down - up_sfc * Kokkos::exp(-t);
          down *= Kokkos::exp(-1.66 * t / nb);
        }
      });
  Kokkos::fence();
  auto net_out = Kokkos::subview(flux_net_, std::make_pair<std::size_t, std::size_t>(0, ncol * (nlay + 1)));
  Kokkos::deep_copy(net_out, Kokkos::subview(d_net_, std::make_pair<std::size_t, std::size_t>(0, ncol * (nlay + 1))));
  for (int c = 0; c < ncol; ++c) {
    const double* f = flux_net_.data() + static_cast<std::size_t>(c) * (nlay + 1);
    for (int k = 0; k < nlay; ++k) {
      heating[static_cast<std::size_t>(c) * nlay + k] = (f[k] - f[k + 1]) * kGravity / (kCpAir * kLayerDp) * kSecondsPerDay;
    }
  }
}

void TwoStreamSolver::clear_sky_effect(const double* tau, const double* cloud_fraction, double* cre, int ncol) {
  const std::size_t n = static_cast<std::size_t>(ncol) * nlay_;
  if (cre_cache_.extent(0) < n) {
    cre_cache_ = HostView("cre_cache", n);
  }
  for (std::size_t i = 0; i < n; ++i) cre_cache_(i) = tau[i];
  for (int c = 0; c < ncol; ++c) {
    double col = 0.0;
    for (int k = 0; k < nlay_; ++k) col += cre_cache_(static_cast<std::size_t>(c) * nlay_ + k);
    cre[c] = cloud_fraction[c] * (1.0 - std::exp(-col));
  }
}

}  // namespace radxfer
