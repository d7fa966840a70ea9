#pragma once
#include <cstdint>
#include <vector>
#include "pinned.hpp"

namespace slam {

struct Frame {
  uint64_t stamp_ns;
  std::vector<float> xyzi;  // N x 4
  size_t size() const { return xyzi.size() / 4; }
};

class Frontend {
 public:
  explicit Frontend(size_t max_points);
  // Voxel-downsample a scan on the GPU; returns the number of kept points.
  size_t ingest(const Frame& f, float* d_out);

 private:
  pinned_vector<float> scratch_;
  float* d_in_ = nullptr;
  cudaStream_t stream_{};
};

}  // namespace slam
