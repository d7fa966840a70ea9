#include <hip/hip_runtime.h>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

__global__ void ape_step(double* U, const double* staples, int vol, double alpha);

// APE smearing for the source construction; any HIP error is fatal.
void ape_smear(GaugeField& U, int iters, double alpha) {
  const std::size_t n = U.lattice().volume() * 4 * 18;
  double* staples = nullptr;
  HIP_OR_DIE(hipHostMalloc(reinterpret_cast<void**>(&staples), n * sizeof(double), hipHostMallocMapped));
  double* d_staples = nullptr;
  HIP_OR_DIE(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_staples), staples, 0));
  const int vol = static_cast<int>(U.lattice().volume());
  for (int i = 0; i < iters; ++i) {
    hipLaunchKernelGGL(ape_step, dim3((vol + 255) / 256), dim3(256), 0, 0, U.device(), d_staples, vol, alpha);
    HIP_OR_DIE(hipDeviceSynchronize());
  }
  HIP_OR_DIE(hipHostFree(staples));
}

}  // namespace lqcd
