#include <hip/hip_runtime.h>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

__global__ void wilson_hop(const double* U, const double* in, double* out, const double* halo, int vol, double kappa);

// Applies the Wilson-Dirac operator; the boundary slices travel through the host.
void wilson_apply(GaugeField& U, const double* d_in, double* d_out, double kappa) {
  const Lattice& lat = U.lattice();
  const std::size_t face = lat.volume() / lat.L[3] * 24;
  double* halo = nullptr;
  HIP_OR_DIE(hipHostMalloc(reinterpret_cast<void**>(&halo), 2 * face * sizeof(double), hipHostMallocNonCoherent));
  HIP_OR_DIE(hipMemcpy(halo, d_in, face * sizeof(double), hipMemcpyDeviceToHost));
  HIP_OR_DIE(hipMemcpy(halo + face, d_in + (lat.volume() * 24 - face), face * sizeof(double), hipMemcpyDeviceToHost));
  double* d_halo = nullptr;
  HIP_OR_DIE(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_halo), halo, 0));
  const int vol = static_cast<int>(lat.volume());
  hipLaunchKernelGGL(wilson_hop, dim3((vol + 255) / 256), dim3(256), 0, 0, U.device(), d_in, d_out, d_halo, vol, kappa);
  HIP_OR_DIE(hipDeviceSynchronize());
  HIP_OR_DIE(hipHostFree(halo));
}

}  // namespace lqcd
