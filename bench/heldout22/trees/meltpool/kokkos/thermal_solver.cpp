#include "thermal_solver.hpp"

#include <stdexcept>

namespace meltpool {

ThermalSolver::ThermalSolver(int nx, int ny, int nz, double dx_m, double alpha)
    : nx_(nx), ny_(ny), nz_(nz), dx_(dx_m), alpha_(alpha),
      temp_("temp", static_cast<size_t>(nx) * ny * nz),
      next_("next", static_cast<size_t>(nx) * ny * nz),
      flux_d_("flux_d", static_cast<size_t>(nx) * ny),
      probe_("probe", kMaxProbes) {}

void ThermalSolver::step(double dt, const std::vector<double>& laser) {
  const size_t surface = static_cast<size_t>(nx_) * ny_;
  if (laser.size() != surface) throw std::invalid_argument("laser power map must cover the top surface");
  HostView flux("flux", surface);
  for (size_t i = 0; i < surface; ++i) flux(i) = laser[i];
  Kokkos::deep_copy(flux_d_, flux);

  const int nx = nx_, ny = ny_, nz = nz_;
  const double r = alpha_ * dt / (dx_ * dx_);
  auto t = temp_, n = next_, q = flux_d_;
  Kokkos::parallel_for(
      "ftcs", Kokkos::RangePolicy<Kokkos::HIP>(0, static_cast<size_t>(nx) * ny * nz), KOKKOS_LAMBDA(size_t c) {
        const int x = c % nx, y = (c / nx) % ny, z = c / (static_cast<size_t>(nx) * ny);
        double lap = -6.0 * t(c);
        lap += x > 0 ? t(c - 1) : t(c);
        lap += x < nx - 1 ? t(c + 1) : t(c);
        lap += y > 0 ? t(c - nx) : t(c);
        lap += y < ny - 1 ? t(c + nx) : t(c);
        lap += z > 0 ? t(c - static_cast<size_t>(nx) * ny) : t(c);
        lap += z < nz - 1 ? t(c + static_cast<size_t>(nx) * ny) : t(c);
        n(c) = t(c) + r * lap + (z == nz - 1 ? q(c % (static_cast<size_t>(nx) * ny)) * dt : 0.0);
      });
  std::swap(temp_, next_);
}

std::vector<double> ThermalSolver::probe(const std::vector<int>& cells) {
  if (cells.size() > static_cast<size_t>(kMaxProbes)) throw std::invalid_argument("too many probes");
  auto t = temp_;
  Kokkos::View<int*, Kokkos::HIPSpace> idx("idx", cells.size());
  auto idx_h = Kokkos::create_mirror_view(idx);
  for (size_t i = 0; i < cells.size(); ++i) idx_h(i) = cells[i];
  Kokkos::deep_copy(idx, idx_h);
  DevView vals("vals", cells.size());
  Kokkos::parallel_for(
      "probe", Kokkos::RangePolicy<Kokkos::HIP>(0, cells.size()), KOKKOS_LAMBDA(size_t i) { vals(i) = t(idx(i)); });
  auto dst = Kokkos::subview(probe_, std::make_pair<size_t, size_t>(0, cells.size()));
  Kokkos::deep_copy(dst, vals);
  return std::vector<double>(dst.data(), dst.data() + cells.size());
}

void ThermalSolver::record(int layer) {
  const size_t surface = static_cast<size_t>(nx_) * ny_;
  const size_t need = static_cast<size_t>(layer + 1) * surface;
  if (history_.extent(0) < need) Kokkos::resize(history_, 2 * need);
  auto top = Kokkos::subview(temp_, std::make_pair(static_cast<size_t>(nz_ - 1) * surface,
                                                   static_cast<size_t>(nz_) * surface));
  auto dst = Kokkos::subview(history_, std::make_pair(need - surface, need));
  Kokkos::deep_copy(dst, top);
}

}  // namespace meltpool
