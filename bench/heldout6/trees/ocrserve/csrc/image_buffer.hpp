#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

namespace ocr {

// A long-lived host image that the driver keeps page-locked while it exists.
class ImageBuffer {
 public:
  ImageBuffer(int h, int w) : mat_(h, w, CV_8UC3) { cv::cuda::registerPageLocked(mat_); }
  ~ImageBuffer() { cv::cuda::unregisterPageLocked(mat_); }
  ImageBuffer(const ImageBuffer&) = delete;
  ImageBuffer& operator=(const ImageBuffer&) = delete;
  cv::Mat& mat() { return mat_; }

 private:
  cv::Mat mat_;
};

}  // namespace ocr
