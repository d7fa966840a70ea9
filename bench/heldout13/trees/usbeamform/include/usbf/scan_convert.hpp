#pragma once
#include <hip/hip_runtime.h>

namespace usbf {

class ScanConverter {
 public:
  ScanConverter(int n_r, int n_theta, float r_max, float half_angle, int ny, int nx);
  ~ScanConverter();
  ScanConverter(const ScanConverter&) = delete;
  ScanConverter& operator=(const ScanConverter&) = delete;
  void convert(const float* d_polar, float* d_out, hipStream_t s) const;

 private:
  int n_r_, ny_, nx_;
  int2* lut_ = nullptr;
  int2* d_lut_ = nullptr;
};

}  // namespace usbf
