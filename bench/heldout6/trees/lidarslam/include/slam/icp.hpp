#pragma once
#include <array>
#include <cstddef>

namespace slam {

using Pose = std::array<float, 12>;

class Icp {
 public:
  Icp(int max_iters, float tol) : max_iters_(max_iters), tol_(tol) {}
  Pose align(const float* d_src, size_t n_src, const float* d_map, size_t n_map, const Pose& guess);

 private:
  int max_iters_;
  float tol_;
};

}  // namespace slam
