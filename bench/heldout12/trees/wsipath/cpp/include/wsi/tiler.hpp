#pragma once
#include <opencv2/core/cuda.hpp>

#include <memory>
#include <vector>

#include "wsi/slide.hpp"

namespace wsi {

// Macenko stain-vector estimation on optical-density pixels.
class StainEstimator {
 public:
  explicit StainEstimator(int max_pixels);
  cv::Matx23f estimate(const cv::cuda::GpuMat& od, cv::cuda::Stream& stream);

 private:
  cv::cuda::HostMem od_host_;
  int max_pixels_;
};

// Long-lived tiling engine: one per process, shared by every slide it tiles.
class Tiler {
 public:
  Tiler(int tile, int ring_size);
  int read_tile(Slide& slide, int level, int x, int y, uint8_t* out);
  void normalize(const cv::Mat& rgb, cv::Mat& out);
  float tissue_fraction(Slide& slide, int levels);

 private:
  cv::cuda::HostMem make_od_buffer(const cv::Mat& rgb);
  void ensure_rgb(int rows, int cols);

  int tile_;
  size_t next_slot_ = 0;
  std::vector<cv::cuda::HostMem> ring_;
  cv::cuda::HostMem rgb_host_;
  StainEstimator stain_;
  cv::cuda::Stream stream_;
};

cv::Scalar tile_stats(const cv::cuda::GpuMat& g, cv::cuda::Stream& s);

}  // namespace wsi
