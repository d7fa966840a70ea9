#include "weedspot.hpp"

namespace weedspot {

FrameRing::FrameRing(int depth, int rows, int cols) {
  slots_.reserve(depth);
  for (int frame = 0; frame < depth; ++frame) {
    slots_.push_back(cv::cuda::HostMem(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED));
  }
}

cv::Mat FrameRing::next() {
  cv::Mat m = slots_[cursor_].createMatHeader();
  cursor_ = (cursor_ + 1) % slots_.size();
  return m;
}

}  // namespace weedspot
