// Polar-to-Cartesian scan conversion for phased-array (sector) acquisitions.
#include <hip/hip_runtime.h>

#include <cmath>
#include <new>

#include "usbf/scan_convert.hpp"

namespace usbf {

__global__ void scan_convert_kernel(const float* __restrict__ polar, const int2* __restrict__ lut, int n_out,
                                    int n_r, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_out) return;
  const int2 src = lut[i];
  out[i] = src.x < 0 ? 0.f : polar[src.y * n_r + src.x];
}

ScanConverter::ScanConverter(int n_r, int n_theta, float r_max, float half_angle, int ny, int nx)
    : n_r_(n_r), ny_(ny), nx_(nx) {
  if (hipHostMalloc(reinterpret_cast<void**>(&lut_), sizeof(int2) * ny * nx, hipHostMallocMapped) != hipSuccess)
    throw std::bad_alloc();
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const float px = (x - nx / 2) * (2.f * r_max / nx), py = y * (r_max / ny);
      const float r = std::sqrt(px * px + py * py), th = std::atan2(px, py);
      const int ir = static_cast<int>(r / r_max * n_r), it = static_cast<int>((th + half_angle) / (2 * half_angle) * n_theta);
      lut_[y * nx + x] = (ir < n_r && it >= 0 && it < n_theta) ? make_int2(ir, it) : make_int2(-1, -1);
    }
  hipHostGetDevicePointer(reinterpret_cast<void**>(&d_lut_), lut_, 0);
}

ScanConverter::~ScanConverter() { hipHostFree(lut_); }

void ScanConverter::convert(const float* d_polar, float* d_out, hipStream_t s) const {
  const int n = ny_ * nx_;
  hipLaunchKernelGGL(scan_convert_kernel, dim3((n + 255) / 256), dim3(256), 0, s, d_polar, d_lut_, n, n_r_, d_out);
}

}  // namespace usbf
