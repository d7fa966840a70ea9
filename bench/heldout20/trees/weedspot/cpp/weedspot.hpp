#pragma once

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <string>
#include <vector>

namespace weedspot {

// Capture slots the camera thread writes into; recycled in order.
class FrameRing {
 public:
  FrameRing(int depth, int rows, int cols);
  cv::Mat next();
  int depth() const { return static_cast<int>(slots_.size()); }

 private:
  std::vector<cv::cuda::HostMem> slots_;
  std::size_t cursor_ = 0;
};

class Undistorter {
 public:
  Undistorter(const cv::Mat& K, const cv::Mat& dist, cv::Size size);
  cv::Mat apply(cv::Mat& frame);

 private:
  cv::cuda::GpuMat map_x_, map_y_;
  cv::cuda::Stream stream_;
};

struct TileResult {
  int row;
  int col;
  float weed_fraction;
};

// Excess-green vegetation index, then a crop-row mask: what is green between the rows is weed.
class TileSegmenter {
 public:
  TileSegmenter(int tile, float exg_threshold, int row_spacing_px);
  std::vector<TileResult> segment(const cv::Mat& frame);
  cv::Mat mask(const cv::Mat& frame);

 private:
  void ensure_output(int rows, int cols);
  int tile_;
  float thr_;
  int row_spacing_;
  cv::cuda::HostMem out_;
  cv::cuda::Stream stream_;
};

struct CalibData {
  cv::Mat K;
  cv::Mat dist;
  cv::Mat ground_lut;  // CV_32FC2, pixel -> ground-plane metres
  cv::cuda::GpuMat d_ground_lut;
};

CalibData load_calibration(const std::string& path);
void export_mosaic(const std::string& path, cv::Mat& mosaic);

}  // namespace weedspot
