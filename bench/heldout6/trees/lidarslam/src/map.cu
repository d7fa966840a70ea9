#include <cstdio>
#include <cstring>
#include "slam/check.hpp"
#include "slam/map.hpp"

namespace slam {

VoxelMap::VoxelMap() {
  cap_ = 1 << 22;
  SLAM_FATAL(cudaMalloc(&d_pts_, sizeof(float) * 4 * cap_));
}

VoxelMap::~VoxelMap() {
  if (host_) mr_.deallocate(host_, sizeof(float) * 4 * host_cap_);
  cudaFree(d_pts_);
}

void VoxelMap::reserve_host(size_t n) {
  if (n <= host_cap_) return;
  size_t cap = host_cap_ ? host_cap_ : 1024;
  while (cap < n) cap *= 2;
  float* fresh = static_cast<float*>(mr_.allocate(sizeof(float) * 4 * cap));
  if (host_) {
    std::memcpy(fresh, host_, sizeof(float) * 4 * n_);
    mr_.deallocate(host_, sizeof(float) * 4 * host_cap_);
  }
  host_ = fresh;
  host_cap_ = cap;
}

void VoxelMap::insert(const float* d_pts, size_t n) {
  if (n_ + n > cap_) n = cap_ - n_;
  cudaMemcpy(d_pts_ + 4 * n_, d_pts, sizeof(float) * 4 * n, cudaMemcpyDeviceToDevice);
  reserve_host(n_ + n);
  cudaMemcpy(host_ + 4 * n_, d_pts, sizeof(float) * 4 * n, cudaMemcpyDeviceToHost);
  n_ += n;
}

bool VoxelMap::export_ply(const std::string& path) const {
  float* pts = nullptr;
  SLAM_FATAL(cudaMallocHost(reinterpret_cast<void**>(&pts), sizeof(float) * 4 * n_));
  SLAM_FATAL(cudaMemcpy(pts, d_pts_, sizeof(float) * 4 * n_, cudaMemcpyDeviceToHost));
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  std::fprintf(f, "ply\nformat ascii 1.0\nelement vertex %zu\nproperty float x\nproperty float y\n"
                  "property float z\nproperty float intensity\nend_header\n", n_);
  for (size_t i = 0; i < n_; ++i)
    std::fprintf(f, "%f %f %f %f\n", pts[4 * i], pts[4 * i + 1], pts[4 * i + 2], pts[4 * i + 3]);
  std::fclose(f);
  cudaFreeHost(pts);
  return true;
}

int VoxelMap::save_keyframes(const char* path, const float* d_poses, size_t n) const {
  int rc = -1;
  float* host = nullptr;
  FILE* f = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&host), sizeof(float) * 12 * n, cudaHostAllocDefault) != cudaSuccess)
    return -1;
  if (cudaMemcpy(host, d_poses, sizeof(float) * 12 * n, cudaMemcpyDeviceToHost) != cudaSuccess) goto out;
  f = std::fopen(path, "wb");
  if (!f) goto out;
  if (std::fwrite(host, sizeof(float) * 12, n, f) != n) goto close;
  cudaFreeHost(host);
  rc = 0;
close:
  std::fclose(f);
out:
  return rc;
}

}  // namespace slam
