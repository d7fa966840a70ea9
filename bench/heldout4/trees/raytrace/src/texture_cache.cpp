#include <cstring>

#include "renderer.hpp"

void TextureCache::upload(const cv::Mat& img) {
  if (img.empty()) return;
  const std::size_t need = img.total() * img.elemSize();
  if (need > staged_bytes()) {
    staging_.release();
    staging_.create(1, static_cast<int>(need), CV_8UC1);
  }
  cv::Mat flat = staging_.createMatHeader();
  std::memcpy(flat.data, img.isContinuous() ? img.data : img.clone().data, need);
  cv::cuda::GpuMat dev;
  dev.upload(flat.colRange(0, static_cast<int>(need)).reshape(img.channels(), img.rows));
  textures_.push_back(dev);
}
