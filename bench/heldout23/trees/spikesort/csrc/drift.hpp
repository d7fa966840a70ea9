#pragma once
#include <pybind11/numpy.h>

#include <cstdint>
#include <vector>

namespace py = pybind11;

namespace ss {

// Amplitude-weighted depth histogram of one batch's detected peaks, compared against the
// reference histogram of the first batch to estimate the probe's vertical drift.
class DriftEstimator {
 public:
  DriftEstimator(int n_depth_bins, int n_amp_bins, float depth_max_um);
  ~DriftEstimator();

  // Starts a new batch: the previous batch's histogram is released.
  void begin_block(int64_t block_start);
  // Returns the estimated shift in micrometres for the current batch.
  float estimate(py::array_t<float> depths, py::array_t<float> amps);

 private:
  int nd_;
  int na_;
  float depth_max_;
  int64_t block_start_ = 0;
  float* hist_ = nullptr;
  bool hist_ready_ = false;
  std::vector<float> reference_;
};

}  // namespace ss
