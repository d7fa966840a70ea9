#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

namespace fundus {

struct PreprocessOptions {
  int width = 1024;
  int height = 1024;
  int tiles = 8;       // tile grid for the contrast statistics
  double clip = 2.0;   // CLAHE clip limit
  int slots = 4;       // output ring depth
};

class Preprocessor {
 public:
  explicit Preprocessor(const PreprocessOptions& o);

  // BGR8 photograph in, enhanced BGR8 out (resized to the working resolution).
  cv::Mat enhance(cv::Mat& img);
  // Binary field-of-view mask at the working resolution.
  void load_mask(const std::string& path);
  // Accumulated per-tile green-channel histograms, as OpenCV YAML.
  void dump_histogram(const std::string& path);
  const cv::Mat& vessel_map(const cv::Mat& green);

 private:
  void tile_statistics_(const cv::Mat& green);

  PreprocessOptions opt_;
  cv::Size size_;
  std::vector<cv::cuda::HostMem> slots_;
  std::size_t next_ = 0;
  cv::cuda::HostMem vessel_buf_;
  cv::Mat vessel_view_;
  cv::cuda::GpuMat mask_dev_;
  cv::cuda::Stream stream_;
  cv::Mat hist_;
};

}  // namespace fundus
