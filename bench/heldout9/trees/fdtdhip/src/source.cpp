#include <cmath>

#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

// Soft source: adds a Gaussian pulse to a 5x5 patch of Ez.
void GaussianSource::inject(Solver& s, int t) {
  const float a = std::exp(-((t - t0_) * (t - t0_)) / (2.f * spread_ * spread_));
  PinnedField<float> patch(25);
  const int ny = s.cfg().ny;
  for (int r = 0; r < 5; ++r) {
    FDTD_DIE(hipMemcpy(patch.data() + 5 * r, s.d_ez() + (i_ - 2 + r) * ny + (j_ - 2), 5 * sizeof(float),
                       hipMemcpyDeviceToHost));
  }
  for (int k = 0; k < 25; ++k) patch[k] += a;
  for (int r = 0; r < 5; ++r) {
    FDTD_DIE(hipMemcpy(s.d_ez() + (i_ - 2 + r) * ny + (j_ - 2), patch.data() + 5 * r, 5 * sizeof(float),
                       hipMemcpyHostToDevice));
  }
}

}  // namespace fdtd
