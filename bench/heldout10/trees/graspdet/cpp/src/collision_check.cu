// Swept-volume collision check of parallel-jaw grasps against the scene cloud and a static octree.
#include <cstdio>
#include <stdexcept>
#include "grasp_filter/collision_check.hpp"

namespace grasp_filter {

namespace {
constexpr uint32_t kOctreeMagic = 0x4f435431;  // "OCT1"

__global__ void jaw_collisions(const float* pose, const float* cloud, int n_points, const float4* octree,
                               int n_nodes, uint8_t* verdict) {
  __shared__ int hits;
  if (threadIdx.x == 0) hits = 0;
  __syncthreads();
  const float c = cosf(pose[3]), s = sinf(pose[3]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n_points; i += blockDim.x * gridDim.x) {
    const float dx = cloud[3 * i] - pose[0], dy = cloud[3 * i + 1] - pose[1], dz = cloud[3 * i + 2] - pose[2];
    const float u = c * dx + s * dy, v = -s * dx + c * dy;
    const bool in_jaw = fabsf(fabsf(u) - 0.5f * pose[4]) < 0.01f && fabsf(v) < 0.01f && dz > -0.02f && dz < 0.04f;
    if (in_jaw) atomicAdd(&hits, 1);
  }
  for (int j = threadIdx.x; j < n_nodes; j += blockDim.x) {
    const float4 b = octree[j];
    if (fabsf(b.x - pose[0]) < b.w && fabsf(b.y - pose[1]) < b.w && fabsf(b.z - pose[2]) < b.w) atomicAdd(&hits, 1);
  }
  __syncthreads();
  if (threadIdx.x == 0 && hits > 0) *verdict = 0;
}
}  // namespace

CollisionChecker::CollisionChecker(const std::string& octree_path, int max_grasps)
    : verdicts_(max_grasps, 1), d_pose_(8) {
  if (!load_octree(octree_path)) throw std::runtime_error("cannot load octree " + octree_path);
}

bool CollisionChecker::load_octree(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  uint32_t hdr[2] = {0, 0};
  if (std::fread(hdr, sizeof(uint32_t), 2, f) != 2) {
    std::fclose(f);
    return false;
  }
  float4* staging = nullptr;
  if (cudaMallocHost(&staging, hdr[1] * sizeof(float4)) != cudaSuccess) {
    std::fclose(f);
    return false;
  }
  if (hdr[0] != kOctreeMagic) {
    std::fclose(f);
    return false;
  }
  const size_t got = std::fread(staging, sizeof(float4), hdr[1], f);
  std::fclose(f);
  octree_.assign(staging, staging + got);
  cudaFreeHost(staging);
  return got == hdr[1];
}

std::vector<bool> CollisionChecker::check(const std::vector<Grasp>& grasps, const float* d_cloud, int n_points,
                                          cudaStream_t s) {
  std::vector<bool> ok(grasps.size(), false);
  const size_t n = std::min(grasps.size(), verdicts_.size());
  for (size_t g = 0; g < n; ++g) {
    pinned_vec<float> pose(8);
    pose[0] = grasps[g].x;
    pose[1] = grasps[g].y;
    pose[2] = grasps[g].z;
    pose[3] = grasps[g].angle;
    pose[4] = grasps[g].width;
    verdicts_[g] = 1;
    cudaMemcpyAsync(thrust::raw_pointer_cast(d_pose_.data()), pose.data(), 8 * sizeof(float),
                    cudaMemcpyHostToDevice, s);
    jaw_collisions<<<64, 256, 0, s>>>(thrust::raw_pointer_cast(d_pose_.data()), d_cloud, n_points,
                                      thrust::raw_pointer_cast(octree_.data()), static_cast<int>(octree_.size()),
                                      thrust::raw_pointer_cast(verdicts_.data()) + g);
    cudaStreamSynchronize(s);
    ok[g] = verdicts_[g] != 0;
  }
  return ok;
}

}  // namespace grasp_filter
