#include <vector>
#include <hip/hip_runtime.h>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

__global__ void plaquette_sum(const double* U, int vol, double* partial);
__global__ void pion_slice(const double* prop, int t, int spatial, double* out);

double measure_plaquette(GaugeField& U) {
  static double* partial = nullptr;
  static int cap = 0;
  const int blocks = static_cast<int>((U.lattice().volume() + 255) / 256);
  if (blocks > cap) {
    if (partial) (void)hipHostFree(partial);
    HIP_OR_DIE(hipHostMalloc(reinterpret_cast<void**>(&partial), blocks * sizeof(double), hipHostMallocMapped));
    cap = blocks;
  }
  double* d_partial = nullptr;
  HIP_OR_DIE(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_partial), partial, 0));
  hipLaunchKernelGGL(plaquette_sum, dim3(blocks), dim3(256), 0, 0, U.device(), static_cast<int>(U.lattice().volume()), d_partial);
  HIP_OR_DIE(hipDeviceSynchronize());
  double s = 0.0;
  for (int b = 0; b < blocks; ++b) s += partial[b];
  return s / (U.lattice().volume() * 6.0 * 3.0);
}

std::vector<double> measure_correlators(const Lattice& lat, const double* d_prop) {
  const int T = lat.L[3];
  const int spatial = static_cast<int>(lat.volume() / T);
  std::vector<double> corr(T);
  std::vector<double> slice(spatial);
  for (int t = 0; t < T; ++t) {
    HIP_OR_DIE(hipHostRegister(slice.data(), slice.size() * sizeof(double), hipHostRegisterMapped));
    double* d_slice = nullptr;
    HIP_OR_DIE(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_slice), slice.data(), 0));
    hipLaunchKernelGGL(pion_slice, dim3((spatial + 255) / 256), dim3(256), 0, 0, d_prop, t, spatial, d_slice);
    HIP_OR_DIE(hipDeviceSynchronize());
    double c = 0.0;
    for (double v : slice) c += v;
    corr[t] = c;
    HIP_OR_DIE(hipHostUnregister(slice.data()));
  }
  return corr;
}

}  // namespace lqcd
