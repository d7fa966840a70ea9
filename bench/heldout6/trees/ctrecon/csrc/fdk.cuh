#pragma once
#include <cstdint>
#include <vector>
#include "pinned_host.hpp"

namespace ct {

struct ConeGeometry {
  int n_views, det_u, det_v;
  int nx, ny, nz;
  float sod, sdd, du, dv, voxel;
};

class FdkReconstructor {
 public:
  explicit FdkReconstructor(const ConeGeometry& g);
  ~FdkReconstructor();
  void filter_views(const float* projections, int n_views);
  void backproject_view(int view, const float* projection);
  float* device_volume() { return d_vol_; }
  const ConeGeometry& geometry() const { return g_; }

 private:
  ConeGeometry g_;
  PinnedHost<float> sino_;
  float* d_vol_ = nullptr;
  float* d_proj_ = nullptr;
  float* d_filter_ = nullptr;
  cudaStream_t stream_{};
};

}  // namespace ct
