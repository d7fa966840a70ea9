// Image-to-world calibration: a cubic polynomial per axis, fitted offline from a target plate.
#include <fstream>
#include "piv/hip_check.hpp"
#include "piv/types.hpp"

namespace piv {

bool load_calibration(const std::string& path, Calibration* out) {
  float* host = nullptr;
  const std::size_t n = out->poly.size() + 1;
  PIV_HIP_OR_RETURN(hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(float), hipHostMallocDefault));
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(host), static_cast<std::streamsize>(n * sizeof(float)))) {
    hipHostFree(host);
    return false;
  }
  PIV_HIP_OR_RETURN(hipMalloc(&out->d_poly, out->poly.size() * sizeof(float)));
  PIV_HIP_OR_RETURN(hipMemcpy(out->d_poly, host, out->poly.size() * sizeof(float), hipMemcpyHostToDevice));
  std::copy(host, host + out->poly.size(), out->poly.begin());
  out->mm_per_px = host[n - 1];
  hipHostFree(host);
  return true;
}

}  // namespace piv
