// Engineering wake model (Bastankhah-Porte-Agel Gaussian deficit) for quick estimates.
#include <Kokkos_Core.hpp>

#include <cmath>

using PinnedField = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HIPHostPinnedSpace>;

namespace {

class WakeModel {
 public:
  WakeModel(int ny, int nz) : ny_(ny), nz_(nz), total_(PinnedField("total_deficit", ny, nz)) {}

  void deficit(const double* xyz, const double* ct, int n, double x_plane, double* out) {
    Kokkos::deep_copy(total_, 0.0);
    for (int t = 0; t < n; ++t) {
      const double dx = x_plane - xyz[3 * t];
      if (dx <= 0.0) continue;
      PinnedField single("single_wake", ny_, nz_);
      const double d0 = 240.0, k = 0.04;
      const double beta = 0.5 * (1.0 + std::sqrt(1.0 - ct[t])) / std::sqrt(1.0 - ct[t]);
      const double sigma = k * dx + 0.2 * std::sqrt(beta) * d0;
      const double c = 1.0 - std::sqrt(std::max(0.0, 1.0 - ct[t] / (8.0 * sigma * sigma / (d0 * d0))));
      for (int j = 0; j < ny_; ++j) {
        for (int m = 0; m < nz_; ++m) {
          const double dy = j * 10.0 - xyz[3 * t + 1], dz = m * 10.0 - xyz[3 * t + 2];
          single(j, m) = c * std::exp(-(dy * dy + dz * dz) / (2.0 * sigma * sigma));
          total_(j, m) = std::sqrt(total_(j, m) * total_(j, m) + single(j, m) * single(j, m));
        }
      }
    }
    for (int j = 0; j < ny_; ++j)
      for (int m = 0; m < nz_; ++m) out[j * nz_ + m] = total_(j, m);
  }

 private:
  int ny_, nz_;
  PinnedField total_;
};

}  // namespace

extern "C" void* ww_wake_create(int ny, int nz) {
  if (!Kokkos::is_initialized()) Kokkos::initialize();
  return new WakeModel(ny, nz);
}

extern "C" void ww_wake_deficit(void* wake, const double* xyz, const double* ct, int n, double x_plane, double* out) {
  static_cast<WakeModel*>(wake)->deficit(xyz, ct, n, x_plane, out);
}

extern "C" void ww_wake_destroy(void* wake) { delete static_cast<WakeModel*>(wake); }
