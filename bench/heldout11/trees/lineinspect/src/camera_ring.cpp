#include "camera_ring.h"

LineRing::LineRing(int depth, int width) {
  slots_.reserve(depth);
  for (int frame = 0; frame < depth; ++frame) {
    slots_.emplace_back(1, width, CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
  }
}
