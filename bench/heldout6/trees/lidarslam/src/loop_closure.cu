#include <vector>
#include "slam/check.hpp"

namespace slam {

constexpr int kMaxCandidates = 16;
constexpr int kDescDim = 256;

class LoopCloser {
 public:
  LoopCloser();
  ~LoopCloser();
  int detect(const float* d_scan, size_t n, int keyframe_id);

 private:
  std::vector<float*> candidates_;
  std::vector<std::vector<float>> db_;
};

__global__ void scan_context(const float* pts, size_t n, float* desc);

LoopCloser::LoopCloser() {
  for (int i = 0; i < kMaxCandidates; ++i) {
    float* slot = nullptr;
    SLAM_FATAL(cudaMallocHost(reinterpret_cast<void**>(&slot), sizeof(float) * kDescDim));
    candidates_.push_back(slot);
  }
}

LoopCloser::~LoopCloser() {
  for (float* p : candidates_) cudaFreeHost(p);
}

int LoopCloser::detect(const float* d_scan, size_t n, int keyframe_id) {
  float* desc = nullptr;
  float* d_desc = nullptr;
  SLAM_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&desc), sizeof(float) * kDescDim, cudaHostAllocMapped));
  SLAM_FATAL(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_desc), desc, 0));
  scan_context<<<1, kDescDim>>>(d_scan, n, d_desc);
  SLAM_FATAL(cudaDeviceSynchronize());
  int best = -1;
  float best_d = 0.15f;
  for (size_t k = 0; k + 50 < db_.size(); ++k) {
    float d = 0.f;
    for (int j = 0; j < kDescDim; ++j) d += (db_[k][j] - desc[j]) * (db_[k][j] - desc[j]);
    if (d < best_d) { best_d = d; best = static_cast<int>(k); }
  }
  db_.emplace_back(desc, desc + kDescDim);
  SLAM_FATAL(cudaFreeHost(desc));
  (void)keyframe_id;
  return best;
}

}  // namespace slam
