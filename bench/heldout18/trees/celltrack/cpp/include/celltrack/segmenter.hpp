#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <string>
#include <vector>

namespace celltrack {

class Segmenter {
 public:
  Segmenter(int height, int width, double sigma);
  cv::Mat segment(const cv::Mat& img);
  std::vector<cv::Point> watershed_seeds(const std::vector<cv::Mat>& zstack);
  void load_flatfield(const std::string& path);

 private:
  static constexpr int kSlots = 3;
  int h_, w_;
  double sigma_;
  std::vector<cv::cuda::HostMem> slots_;
  int slot_ = 0;
  cv::cuda::HostMem labels_host_;
  cv::cuda::GpuMat flat_;
  cv::cuda::Stream stream_;
};

}  // namespace celltrack
