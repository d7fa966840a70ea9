#include <cmath>

#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

// Graded conductivity profiles for the absorbing layers (x-, x+, y-, y+, and two corner tables).
Pml::Pml(int nx, int ny, int cells) : cells_(cells) {
  const int extent[6] = {ny, ny, nx, nx, cells, cells};
  for (int step = 0; step < 6; ++step) {
    const size_t n = size_t(extent[step]) * cells;
    FDTD_DIE(hipHostMalloc(reinterpret_cast<void**>(&faces_[step]), n * sizeof(float), hipHostMallocDefault));
    for (size_t k = 0; k < n; ++k) {
      const float depth = float(k % cells) / cells;
      faces_[step][k] = 0.8f * std::pow(depth, 3.f);
    }
  }
}

Pml::~Pml() {
  for (float* f : faces_)
    if (f) (void)hipHostFree(f);
}

}  // namespace fdtd
