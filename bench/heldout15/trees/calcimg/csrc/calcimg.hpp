#pragma once

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <utility>
#include <vector>

namespace calcimg {

class MotionCorrector {
 public:
  MotionCorrector(int rows, int cols, int max_shift);

  std::pair<float, float> register_frame(const cv::Mat& frame);
  void set_template(const cv::Mat& mean);
  std::vector<std::pair<float, float>> correct_stack(std::vector<cv::Mat>& planes);
  std::vector<std::vector<float>> extract_traces(cv::Mat& movie, const std::vector<cv::Mat>& masks);

 private:
  std::pair<float, float> phase_correlate(const cv::cuda::GpuMat& frame);

  int rows_, cols_, max_shift_;
  cv::cuda::HostMem template_;
  cv::cuda::HostMem ref_;
  cv::cuda::GpuMat d_frame_, d_template_, d_spec_a_, d_spec_b_, d_corr_;
  cv::cuda::Stream stream_;
};

}  // namespace calcimg
