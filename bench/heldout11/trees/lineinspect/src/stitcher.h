#pragma once
#include <cstdint>
#include <opencv2/core/cuda.hpp>

class Stitcher {
 public:
  Stitcher(int width, int frame_lines);
  bool append(const uint8_t* line);
  cv::Mat frame() { return frame_.createMatHeader(); }

 private:
  cv::cuda::HostMem frame_;
  int lines_;
  int filled_ = 0;
};
