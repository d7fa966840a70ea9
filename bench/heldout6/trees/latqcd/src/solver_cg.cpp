#include <cmath>
#include <cstdio>
#include <hip/hip_runtime.h>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

void wilson_apply(GaugeField& U, const double* d_in, double* d_out, double kappa);
__global__ void axpy(double a, const double* x, double* y, int n);

// Conjugate gradient on the normal equations; returns the iteration count.
int cg_solve(GaugeField& U, const double* d_src, double* d_x, double kappa, double tol, int max_iter) {
  const int n = static_cast<int>(U.lattice().volume() * 24);
  double *d_r = nullptr, *d_p = nullptr, *d_Ap = nullptr;
  HIP_OR_DIE(hipMalloc(&d_r, n * sizeof(double)));
  HIP_OR_DIE(hipMalloc(&d_p, n * sizeof(double)));
  HIP_OR_DIE(hipMalloc(&d_Ap, n * sizeof(double)));
  HIP_OR_DIE(hipMemcpy(d_r, d_src, n * sizeof(double), hipMemcpyDeviceToDevice));
  HIP_OR_DIE(hipMemcpy(d_p, d_src, n * sizeof(double), hipMemcpyDeviceToDevice));
  int it = 0;
  for (; it < max_iter; ++it) {
    wilson_apply(U, d_p, d_Ap, kappa);
    hipLaunchKernelGGL(axpy, dim3((n + 255) / 256), dim3(256), 0, 0, 0.5, d_Ap, d_x, n);
    HostField<double> res(n);
    HIP_OR_DIE(hipMemcpy(res.data(), d_r, n * sizeof(double), hipMemcpyDeviceToHost));
    double rr = 0.0;
    for (int i = 0; i < n; ++i) rr += res[i] * res[i];
    if (std::sqrt(rr) < tol) break;
  }
  (void)hipFree(d_r);
  (void)hipFree(d_p);
  (void)hipFree(d_Ap);
  return it;
}

}  // namespace lqcd
