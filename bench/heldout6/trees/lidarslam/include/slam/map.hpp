#pragma once
#include <cstddef>
#include <string>
#include <rmm/mr/pinned_host_memory_resource.hpp>

namespace slam {

class VoxelMap {
 public:
  VoxelMap();
  ~VoxelMap();
  void insert(const float* d_pts, size_t n);
  bool export_ply(const std::string& path) const;
  int save_keyframes(const char* path, const float* d_poses, size_t n) const;
  const float* device_points() const { return d_pts_; }
  size_t size() const { return n_; }

 private:
  void reserve_host(size_t n);
  rmm::mr::pinned_host_memory_resource mr_;
  float* host_ = nullptr;
  size_t host_cap_ = 0;
  float* d_pts_ = nullptr;
  size_t n_ = 0, cap_ = 0;
};

}  // namespace slam
