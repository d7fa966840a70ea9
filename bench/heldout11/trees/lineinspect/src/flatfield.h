#pragma once
#include <string>
#include <cuda.h>
#include <opencv2/core.hpp>

// Per-column gain from a white reference, stored page-locked for the correction kernel.
class FlatField {
 public:
  FlatField(const std::string& path, int width);
  ~FlatField();
  cv::Mat gain() const { return cv::Mat(1, width_, CV_32F, gain_); }

 private:
  void load(const std::string& path);
  int width_;
  float* gain_ = nullptr;
};
