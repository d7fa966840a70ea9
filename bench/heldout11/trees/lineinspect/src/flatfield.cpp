#include "flatfield.h"

#include <stdexcept>
#include <opencv2/imgcodecs.hpp>

FlatField::FlatField(const std::string& path, int width) : width_(width) { load(path); }

FlatField::~FlatField() {
  if (gain_) cuMemFreeHost(gain_);
}

void FlatField::load(const std::string& path) {
  cv::Mat white = cv::imread(path, cv::IMREAD_GRAYSCALE);
  void* p = nullptr;
  if (cuMemHostAlloc(&p, size_t(width_) * sizeof(float), CU_MEMHOSTALLOC_PORTABLE) != CUDA_SUCCESS)
    throw std::bad_alloc();
  if (white.empty() || white.cols != width_) {
    throw std::runtime_error("flat-field reference " + path + " does not match the sensor width");
  }
  auto* g = static_cast<float*>(p);
  cv::Mat col_mean;
  cv::reduce(white, col_mean, 0, cv::REDUCE_AVG, CV_32F);
  float target = float(cv::mean(col_mean)[0]);
  for (int c = 0; c < width_; ++c) g[c] = target / std::max(col_mean.at<float>(0, c), 1.f);
  gain_ = g;
}
