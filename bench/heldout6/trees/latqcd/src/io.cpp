#include <cstdio>
#include <hip/hip_runtime.h>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

int write_config(GaugeField& U, const char* path) {
  int rc = -1;
  const std::size_t n = U.lattice().volume() * 4 * 18;
  double* host = nullptr;
  FILE* f = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(double), hipHostMallocDefault) != hipSuccess)
    return -1;
  if (hipMemcpy(host, U.device(), n * sizeof(double), hipMemcpyDeviceToHost) != hipSuccess) goto cleanup;
  f = std::fopen(path, "wb");
  if (!f) goto cleanup;
  if (std::fwrite(host, sizeof(double), n, f) != n) goto cleanup;
  rc = 0;
cleanup:
  if (f) std::fclose(f);
  (void)hipHostFree(host);
  return rc;
}

int write_propagator(const Lattice& lat, const double* d_prop, const char* path) {
  const std::size_t n = lat.volume() * 12 * 12 * 2;
  double* host = nullptr;
  HIP_RETURN_IF_ERROR(hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(double), hipHostMallocDefault));
  HIP_RETURN_IF_ERROR(hipMemcpy(host, d_prop, n * sizeof(double), hipMemcpyDeviceToHost));
  FILE* f = std::fopen(path, "wb");
  if (f) {
    std::fwrite(host, sizeof(double), n, f);
    std::fclose(f);
  }
  HIP_RETURN_IF_ERROR(hipHostFree(host));
  return f ? 0 : -1;
}

}  // namespace lqcd
