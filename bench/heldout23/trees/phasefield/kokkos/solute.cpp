#include "solute.hpp"

#include <algorithm>

namespace solute {

SoluteSolver::SoluteSolver(int nx, int ny, double diffusivity, double partition)
    : nx_(nx),
      ny_(ny),
      n_(static_cast<size_t>(nx) * ny),
      D_(diffusivity),
      k_(partition),
      c_("c", n_),
      c_new_("c_new", n_),
      phi_("phi", n_),
      conc_host_("conc_host", n_) {
  Kokkos::deep_copy(c_, 1.0);
}

double SoluteSolver::step(py::array_t<float, py::array::c_style> phi, double dt) {
  auto b = phi.request();
  auto phi_host = Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
      static_cast<const float*>(b.ptr), n_);
  // interface flux of this sub-step, read back for the mass-balance check
  HostView flux("flux", n_);
  auto phi_dev = phi_;
  Kokkos::parallel_for("phi_to_double", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, n_),
                       [=](size_t i) { flux(i) = phi_host(i); });
  Kokkos::deep_copy(phi_dev, flux);
  const int nx = nx_, ny = ny_;
  const double D = D_, k = k_;
  auto c = c_, cn = c_new_;
  DevView dflux("dflux", n_);
  Kokkos::parallel_for("diffuse", Kokkos::RangePolicy<ExecSpace>(0, n_), KOKKOS_LAMBDA(size_t idx) {
    const int i = idx % nx, j = idx / nx;
    const size_t ip = j * nx + (i + 1) % nx, im = j * nx + (i + nx - 1) % nx;
    const size_t jp = ((j + 1) % ny) * nx + i, jm = ((j + ny - 1) % ny) * nx + i;
    const double p = phi_dev(idx);
    const double Dloc = D * (1.0 - p);
    const double lap = c(ip) + c(im) + c(jp) + c(jm) - 4.0 * c(idx);
    const double rejection = (1.0 - k) * c(idx) * (phi_dev(ip) + phi_dev(im) + phi_dev(jp) + phi_dev(jm) - 4.0 * p) * 0.25;
    cn(idx) = c(idx) + dt * (Dloc * lap + rejection);
    dflux(idx) = rejection;
  });
  Kokkos::deep_copy(flux, dflux);
  std::swap(c_, c_new_);
  double total = 0.0;
  for (size_t i = 0; i < n_; ++i) total += flux(i);
  return total;
}

void SoluteSolver::record() {
  if (history_len_ + nx_ > history_.extent(0)) {
    HostView grown("history", std::max<size_t>(2 * history_.extent(0), history_len_ + nx_));
    if (history_len_) Kokkos::deep_copy(Kokkos::subview(grown, std::make_pair<size_t, size_t>(0, history_len_)),
                                        Kokkos::subview(history_, std::make_pair<size_t, size_t>(0, history_len_)));
    history_ = grown;
  }
  Kokkos::deep_copy(conc_host_, c_);
  for (int i = 0; i < nx_; ++i) {
    double s = 0.0;
    for (int j = 0; j < ny_; ++j) s += conc_host_(static_cast<size_t>(j) * nx_ + i);
    history_(history_len_ + i) = s / ny_;
  }
  history_len_ += nx_;
}

py::array_t<double> SoluteSolver::concentration() const {
  Kokkos::deep_copy(conc_host_, c_);
  return py::array_t<double>({static_cast<py::ssize_t>(ny_), static_cast<py::ssize_t>(nx_)}, conc_host_.data());
}

py::array_t<double> SoluteSolver::history() const {
  return py::array_t<double>({static_cast<py::ssize_t>(history_len_ / nx_), static_cast<py::ssize_t>(nx_)},
                             history_.data());
}

}  // namespace solute
