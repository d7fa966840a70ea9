// 1-D periodic Poisson solve: E = -d(phi)/dx, d2(phi)/dx2 = -rho, by a host DFT on the
// (small) grid; the mean charge is removed first (neutralising background).
#include <cmath>
#include <cstring>

#include "simulation.hpp"

namespace pic {

FieldSolver::FieldSolver(const Grid& g) : grid_(g) {}

FieldSolver::~FieldSolver() {
  if (fft_host_) hipHostFree(fft_host_);
}

void FieldSolver::ensure_fft_work(size_t n) {
  if (n <= fft_cap_) return;
  if (fft_host_) hipHostFree(fft_host_);
  fft_host_ = nullptr;
  fft_cap_ = 0;
  PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&fft_host_), n * sizeof(double), hipHostMallocDefault));
  fft_cap_ = n;
}

double* FieldSolver::make_rho_staging(const DeviceView<double*>& rho) {
  const int n = grid_.ncells;
  double* h = nullptr;
  PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(double), hipHostMallocDefault));
  Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> dst(h, n);
  Kokkos::deep_copy(dst, rho);
  return h;
}

void FieldSolver::solve(const DeviceView<double*>& rho, DeviceView<double*>& E) {
  const int n = grid_.ncells;
  ensure_fft_work(4 * size_t(n));
  double* r = make_rho_staging(rho);
  double mean = 0;
  for (int i = 0; i < n; ++i) mean += r[i];
  mean /= n;
  double* re = fft_host_;
  double* im = fft_host_ + n;
  for (int k = 0; k < n; ++k) {
    re[k] = im[k] = 0;
    for (int j = 0; j < n; ++j) {
      const double a = -2 * M_PI * k * j / n;
      re[k] += (r[j] - mean) * std::cos(a);
      im[k] += (r[j] - mean) * std::sin(a);
    }
  }
  double* e = fft_host_ + 2 * n;
  const double dx = grid_.dx();
  for (int j = 0; j < n; ++j) {
    double acc = 0;
    for (int k = 1; k < n; ++k) {
      const double kk = 2 * M_PI * (k <= n / 2 ? k : k - n) / grid_.length;
      const double a = 2 * M_PI * k * j / n;
      // E_k = -i k phi_k = -i rho_k / k
      acc += (re[k] * std::sin(a) + im[k] * std::cos(a)) / kk;
    }
    e[j] = acc / n * (dx > 0 ? 1.0 : 0.0);
  }
  hipHostFree(r);
  Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> src(e, n);
  Kokkos::deep_copy(E, src);
}

}  // namespace pic
