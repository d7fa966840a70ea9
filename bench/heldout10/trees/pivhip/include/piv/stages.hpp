#pragma once
#include <cstdio>
#include <Kokkos_Core.hpp>
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#include "piv/types.hpp"

namespace piv {

class CrossCorrelator {
 public:
  explicit CrossCorrelator(const PivConfig& cfg);
  ~CrossCorrelator();
  void correlate(const FramePair& p, const float2* d_predictor, int window, VectorField& field);
  void colormap(const VectorField& f, uint8_t* rgb);
  hipStream_t stream() const { return stream_; }

 private:
  int* make_window_table(int window, const VectorField& grid);
  PivConfig cfg_;
  hipStream_t stream_{};
  hipfftHandle plan_fwd_{}, plan_inv_{};
  uint16_t* d_a_ = nullptr;
  uint16_t* d_b_ = nullptr;
  float* d_win_ = nullptr;
  hipfftComplex* d_spec_ = nullptr;
  int* d_offsets_ = nullptr;
  float4* d_peaks_ = nullptr;
  float4* h_peaks_ = nullptr;  // page-locked, one peak per window
};

class Validator {
 public:
  explicit Validator(float threshold = 2.f) : threshold_(threshold) {}
  ~Validator();
  void run(VectorField& f, hipStream_t stream);

 private:
  float threshold_;
  uint8_t* h_flags_ = nullptr;
  uint8_t* d_flags_ = nullptr;
  float* d_uv_ = nullptr;
  std::size_t cap_ = 0;
};

class MultiPass {
 public:
  MultiPass(const PivConfig& cfg, CrossCorrelator& cc, Validator& val);
  ~MultiPass();
  VectorField run(const FramePair& p);

 private:
  PivConfig cfg_;
  CrossCorrelator& cc_;
  Validator& val_;
  float2* d_pred_ = nullptr;
};

class KokkosSmoother {
 public:
  explicit KokkosSmoother(const PivConfig& cfg);
  void smooth(VectorField& f);

 private:
  Kokkos::View<float*, Kokkos::HIPHostPinnedSpace> mirror_;
  Kokkos::View<float*, Kokkos::HIPSpace> d_uv_;
};

class VectorWriter {
 public:
  VectorWriter(const std::string& path, std::size_t max_vectors);
  ~VectorWriter();
  void write_field(const VectorField& f, hipStream_t stream);

 private:
  std::FILE* out_ = nullptr;
  float* staging_ = nullptr;  // page-locked packed field
  int16_t* d_q_ = nullptr;
  float* d_src_ = nullptr;
};

}  // namespace piv
