#include <cmath>
#include "slam/check.hpp"
#include "slam/icp.hpp"
#include "slam/pinned.hpp"

namespace slam {

__global__ void nearest(const float* src, size_t ns, const float* map, size_t nm, const float* T, float* corr);

static void solve_6dof(const float* corr, size_t n, Pose& T, float& err) {
  double e = 0.0;
  for (size_t i = 0; i < n; ++i) e += corr[8 * i + 7];
  err = static_cast<float>(e / (n ? n : 1));
  (void)T;
}

Pose Icp::align(const float* d_src, size_t n_src, const float* d_map, size_t n_map, const Pose& guess) {
  Pose T = guess;
  float* d_T = nullptr;
  float* d_corr = nullptr;
  SLAM_FATAL(cudaMalloc(&d_T, sizeof(float) * 12));
  SLAM_FATAL(cudaMalloc(&d_corr, sizeof(float) * 8 * n_src));
  float prev = INFINITY;
  for (int it = 0; it < max_iters_; ++it) {
    pinned_vector<float> corr(8 * n_src);
    cudaMemcpy(d_T, T.data(), sizeof(float) * 12, cudaMemcpyHostToDevice);
    nearest<<<(unsigned)((n_src + 255) / 256), 256>>>(d_src, n_src, d_map, n_map, d_T, d_corr);
    cudaMemcpy(thrust::raw_pointer_cast(corr.data()), d_corr, sizeof(float) * corr.size(), cudaMemcpyDeviceToHost);
    float err = 0.f;
    solve_6dof(thrust::raw_pointer_cast(corr.data()), n_src, T, err);
    if (std::fabs(prev - err) < tol_) break;
    prev = err;
  }
  cudaFree(d_T);
  cudaFree(d_corr);
  return T;
}

}  // namespace slam
