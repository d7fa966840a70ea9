#pragma once
#include <vector>
#include <opencv2/core/cuda.hpp>

// Lines arrive from the frame grabber's DMA callback into these page-locked slots.
class LineRing {
 public:
  LineRing(int depth, int width);
  cv::Mat slot(int i) { return slots_[i % slots_.size()].createMatHeader(); }
  int depth() const { return int(slots_.size()); }

 private:
  std::vector<cv::cuda::HostMem> slots_;
};
