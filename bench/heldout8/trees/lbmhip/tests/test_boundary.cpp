#include <cassert>

#include "lbm/lattice.hpp"

int main() {
  lbm::Params p;
  p.nx = 16;
  p.ny = 8;
  lbm::Lattice lat(p);
  lbm::Boundary b(lat);
  b.apply_inlet(0);
  lbm::HostBuffer<double> check(9 * p.ny);
  (void)hipMemcpy(check.data(), lat.f() + p.nx * p.ny, sizeof(double) * p.ny, hipMemcpyDeviceToHost);
  assert(check.data()[0] == 0.0);
  return 0;
}
