#include <cmath>

#include "lbm/lattice.hpp"

namespace lbm {

void Boundary::apply_inlet(int step) {
  const Params& p = lat_.params();
  HostBuffer<double> prof(p.ny);
  const double ramp = std::min(1.0, step / 1000.0);
  for (int y = 0; y < p.ny; ++y) prof.data()[y] = ramp * 4.0 * p.u_in * y * (p.ny - 1 - y) / ((p.ny - 1.0) * (p.ny - 1.0));
  (void)hipMemcpy(lat_.f() + 1 * p.nx * p.ny, prof.data(), sizeof(double) * p.ny, hipMemcpyHostToDevice);
}

}  // namespace lbm
