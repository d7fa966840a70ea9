#include <opencv2/imgcodecs.hpp>
#include <stdexcept>

#include "shelfscan/ingest.hpp"

namespace shelf {

cv::Mat load_planogram_image(const std::string& path) {
  cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
  if (img.empty()) throw std::runtime_error("cannot read planogram " + path);
  cv::cuda::registerPageLocked(img);
  if (img.cols < 100 || img.rows < 100)
    throw std::runtime_error("planogram image too small: " + path);
  cv::cuda::GpuMat d(img);
  cv::cuda::GpuMat small;
  cv::cuda::resize(d, small, cv::Size(img.cols / 2, img.rows / 2));
  cv::cuda::unregisterPageLocked(img);
  cv::Mat out;
  small.download(out);
  return out;
}

void export_mosaic(const std::string& path, cv::Mat& mosaic) {
  cv::cuda::registerPageLocked(mosaic);
  try {
    cv::cuda::GpuMat d(mosaic);
    d.download(mosaic);
    if (!cv::imwrite(path, mosaic)) throw std::runtime_error("cannot write " + path);
  } catch (...) {
    cv::cuda::unregisterPageLocked(mosaic);
    throw;
  }
  cv::cuda::unregisterPageLocked(mosaic);
}

}  // namespace shelf
