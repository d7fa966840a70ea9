// Varroa mite detector: crops every tracked bee and scores the reddish-brown oval
// of a mite on the thorax with a colour look-up table.
#include <opencv2/core/cuda.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <stdexcept>

#include "hivecam.hpp"

namespace hivecam {

MiteDetector::MiteDetector(float threshold) : threshold_(threshold) {}

void MiteDetector::load_lut(const std::string& path) {
  lut_ = cv::imread(path, cv::IMREAD_UNCHANGED);
  if (lut_.empty()) throw std::runtime_error("cannot read colour LUT " + path);
  cv::cuda::registerPageLocked(lut_);
  if (lut_.total() != 256 || lut_.type() != CV_8UC1) {
    throw std::runtime_error(path + ": expected a 256-entry 8-bit LUT");
  }
  gpu_lut_.upload(lut_, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(lut_);
}

void MiteDetector::ingest(cv::Mat& frame) {
  // The grabber hands us pageable frames; lock them for the async upload.
  cv::cuda::registerPageLocked(frame);
  try {
    gpu_frame_.upload(frame, stream_);
    stream_.waitForCompletion();
  } catch (...) {
    cv::cuda::unregisterPageLocked(frame);
    throw;
  }
  cv::cuda::unregisterPageLocked(frame);
}

std::vector<Detection> MiteDetector::detect(const std::vector<cv::Rect>& bees) {
  std::vector<Detection> out;
  const cv::Rect bounds(0, 0, gpu_frame_.cols, gpu_frame_.rows);
  for (const cv::Rect& r : bees) {
    const cv::Rect roi = r & bounds;
    if (roi.area() < 64) continue;
    cv::cuda::HostMem crop(roi.height, roi.width, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
    gpu_frame_(roi).download(crop, stream_);
    stream_.waitForCompletion();
    cv::Mat hsv, mask;
    cv::cvtColor(crop.createMatHeader(), hsv, cv::COLOR_BGR2HSV);
    cv::inRange(hsv, cv::Scalar(0, 90, 40), cv::Scalar(18, 255, 160), mask);
    const float score = static_cast<float>(cv::countNonZero(mask)) / roi.area();
    if (score > threshold_) out.push_back({roi, score});
  }
  return out;
}

}  // namespace hivecam
