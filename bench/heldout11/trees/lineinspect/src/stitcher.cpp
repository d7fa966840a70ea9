#include "stitcher.h"

#include <cstring>

Stitcher::Stitcher(int width, int frame_lines)
    : frame_(frame_lines, width, CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED), lines_(frame_lines) {}

bool Stitcher::append(const uint8_t* line) {
  cv::Mat m = frame_.createMatHeader();
  std::memcpy(m.ptr(filled_), line, m.cols);
  filled_ += 1;
  if (filled_ < lines_) return false;
  filled_ = 0;
  return true;
}
