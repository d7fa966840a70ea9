#pragma once
#include <hipfft/hipfft.h>

#include <vector>

class FFTPlan {
 public:
  FFTPlan(int nx, int ny, int nz);
  ~FFTPlan();
  FFTPlan(const FFTPlan&) = delete;
  FFTPlan& operator=(const FFTPlan&) = delete;

  void attach_wisdom(std::vector<char>& blob);
  void forward(double* d_field);
  void inverse(double* d_field);
  double dc() const { return dc_; }
  hipfftDoubleComplex* spectrum() { return d_spec_; }

 private:
  int nx_, ny_, nz_;
  hipfftHandle fwd_{};
  hipfftHandle inv_{};
  hipfftDoubleComplex* d_spec_ = nullptr;
  std::vector<char>* wisdom_ = nullptr;
  double dc_ = 0.0;
};
