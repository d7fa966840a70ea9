#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <vector>

class Waterfall {
 public:
  Waterfall(int rows, int samples);
  void push_ping(cv::Mat& ping);
  cv::Mat latest() const;

 private:
  static constexpr int kSlots = 4;
  std::vector<cv::cuda::HostMem> slots_;
  cv::cuda::GpuMat gpu_;
  cv::cuda::Stream stream_;
  int row_ = 0;
  int slot_ = 0;
};
