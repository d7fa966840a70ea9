#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <string>
#include <vector>

class Mosaicker {
 public:
  Mosaicker(int width, int height);
  void blend_tiles(const std::vector<cv::Mat>& tiles, const std::vector<cv::Point>& at);
  cv::Mat make_nadir_mask(const cv::Mat& line, int blind_px);
  std::vector<float> load_svp(const std::string& path);
  cv::Mat mosaic() const { return mosaic_; }

 private:
  cv::Mat mosaic_;
  cv::cuda::Stream stream_;
};
