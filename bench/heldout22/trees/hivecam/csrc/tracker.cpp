// Bee tracking at the entrance: background difference inside the entrance mask,
// blobs matched to the previous frame, line crossings counted in / out.
#include <opencv2/imgproc.hpp>

#include "hivecam.hpp"

namespace hivecam {

FrameQueue::FrameQueue(int slots, int rows, int cols) {
  slots_.reserve(slots);
  for (int slot = 0; slot < slots; ++slot) {
    slots_.emplace_back(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  }
}

const cv::cuda::HostMem& BeeTracker::entrance_mask(int width, int height) {
  const std::uint64_t key = (static_cast<std::uint64_t>(width) << 32) | static_cast<std::uint32_t>(height);
  auto it = masks_.find(key);
  if (it == masks_.end()) {
    cv::cuda::HostMem m(height, width, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
    cv::Mat view = m.createMatHeader();
    view.setTo(0);
    cv::rectangle(view, cv::Rect(width / 8, height / 2, 3 * width / 4, height / 3), cv::Scalar(255), cv::FILLED);
    it = masks_.emplace(key, m).first;
  }
  return it->second;
}

std::vector<cv::Rect> BeeTracker::update(const cv::Mat& frame) {
  if (canvas_.rows < frame.rows || canvas_.cols < frame.cols) {
    canvas_ = cv::cuda::HostMem(frame.rows, frame.cols, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
  }
  cv::Mat gray = canvas_.createMatHeader()(cv::Rect(0, 0, frame.cols, frame.rows));
  cv::cvtColor(frame, gray, cv::COLOR_BGR2GRAY);
  cv::Mat fg;
  cv::threshold(gray, fg, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
  cv::bitwise_and(fg, entrance_mask(frame.cols, frame.rows).createMatHeader(), fg);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(fg, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  std::vector<cv::Rect> bees;
  std::vector<cv::Point2f> centres;
  const float line = frame.rows * 0.66f;
  for (const auto& c : contours) {
    const cv::Rect r = cv::boundingRect(c);
    if (r.area() < 150 || r.area() > 6000) continue;
    bees.push_back(r);
    const cv::Point2f p(r.x + r.width * 0.5f, r.y + r.height * 0.5f);
    for (const auto& q : last_) {
      if (cv::norm(p - q) < 25.f) {
        if (q.y < line && p.y >= line) ++in_;
        if (q.y >= line && p.y < line) ++out_;
      }
    }
    centres.push_back(p);
  }
  last_ = std::move(centres);
  return bees;
}

}  // namespace hivecam
