#pragma once
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/memory_resource.h>
#include <thrust/universal_vector.h>

namespace grasp_filter {

template <typename T>
using pinned_vec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

struct Grasp {
  float x, y, z, angle, width, quality;
};

class CollisionChecker {
 public:
  CollisionChecker(const std::string& octree_path, int max_grasps);
  std::vector<bool> check(const std::vector<Grasp>& grasps, const float* d_cloud, int n_points, cudaStream_t s);

 private:
  bool load_octree(const std::string& path);
  thrust::universal_host_pinned_vector<uint8_t> verdicts_;
  thrust::device_vector<float4> octree_;
  thrust::device_vector<float> d_pose_;
};

}  // namespace grasp_filter
