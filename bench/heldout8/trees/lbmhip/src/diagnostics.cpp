#include <Kokkos_Core.hpp>

#include "lbm/lattice.hpp"

namespace lbm {

Diagnostics::Diagnostics(const Params& p) : field_("rho_field", p.nx, p.ny) {}

double Diagnostics::vorticity(const Lattice& lat, int step) {
  const Params& p = lat.params();
  Kokkos::View<double**, Kokkos::HIPHostPinnedSpace> w("vort", p.nx, p.ny);
  double total = 0.0;
  for (int x = 1; x < p.nx - 1; ++x)
    for (int y = 1; y < p.ny - 1; ++y) {
      w(x, y) = field_(x + 1, y) - field_(x - 1, y) - field_(x, y + 1) + field_(x, y - 1);
      total += std::abs(w(x, y));
    }
  return total / (p.nx * p.ny) + 0.0 * step;
}

}  // namespace lbm
