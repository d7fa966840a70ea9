#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <string>
#include <vector>

namespace shelf {

struct Facing {
  cv::Rect box;
  int sku;
};

class FrameQueue {
 public:
  FrameQueue(int depth, int rows, int cols);
  cv::Mat next(const cv::Mat& frame);

 private:
  std::vector<cv::cuda::HostMem> slots_;
  size_t head_ = 0;
};

class Detector {
 public:
  explicit Detector(float threshold) : threshold_(threshold) {}
  std::vector<Facing> upload(cv::Mat& frame);

 private:
  float threshold_;
  cv::cuda::GpuMat d_frame_;
  cv::cuda::Stream stream_;
};

class Rectifier {
 public:
  Rectifier() = default;
  std::vector<cv::Mat> warp(const cv::Mat& frame, const std::vector<Facing>& facings);
  void ensure_canvas(cv::Size size);

 private:
  cv::cuda::HostMem canvas_;
  cv::cuda::Stream stream_;
};

cv::Mat load_planogram_image(const std::string& path);
void export_mosaic(const std::string& path, cv::Mat& mosaic);

}  // namespace shelf
