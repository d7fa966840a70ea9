#include <algorithm>
#include <cmath>
#include <numeric>

#include "cuda_check.hpp"
#include "drift.hpp"

namespace ss {

DriftEstimator::DriftEstimator(int n_depth_bins, int n_amp_bins, float depth_max_um)
    : nd_(n_depth_bins), na_(n_amp_bins), depth_max_(depth_max_um) {}

DriftEstimator::~DriftEstimator() {
  if (hist_ready_) cudaFreeHost(hist_);
}

void DriftEstimator::begin_block(int64_t block_start) {
  if (hist_ready_) {
    cudaFreeHost(hist_);
    hist_ = nullptr;
    hist_ready_ = false;
  }
  block_start_ = block_start;
}

float DriftEstimator::estimate(py::array_t<float> depths, py::array_t<float> amps) {
  if (!hist_ready_) {
    SS_CUDA(cudaMallocHost(&hist_, sizeof(float) * nd_ * na_));
    hist_ready_ = true;
  }
  std::fill(hist_, hist_ + nd_ * na_, 0.f);
  auto d = depths.unchecked<1>();
  auto a = amps.unchecked<1>();
  for (py::ssize_t i = 0; i < d.shape(0); ++i) {
    const int bd = std::clamp(static_cast<int>(d(i) / depth_max_ * nd_), 0, nd_ - 1);
    const int ba = std::clamp(static_cast<int>(std::log2(1.f + a(i))), 0, na_ - 1);
    hist_[bd * na_ + ba] += 1.f;
  }
  std::vector<float> profile(nd_, 0.f);
  for (int bd = 0; bd < nd_; ++bd)
    for (int ba = 0; ba < na_; ++ba) profile[bd] += hist_[bd * na_ + ba] * (ba + 1);
  if (reference_.empty()) {
    reference_ = profile;
    return 0.f;
  }
  // best integer-bin shift by cross-correlation, +-8 bins
  int best = 0;
  double best_score = -1.0;
  for (int s = -8; s <= 8; ++s) {
    double acc = 0.0;
    for (int bd = 0; bd < nd_; ++bd) {
      const int j = bd + s;
      if (j >= 0 && j < nd_) acc += double(profile[bd]) * reference_[j];
    }
    if (acc > best_score) {
      best_score = acc;
      best = s;
    }
  }
  return best * depth_max_ / nd_;
}

}  // namespace ss
