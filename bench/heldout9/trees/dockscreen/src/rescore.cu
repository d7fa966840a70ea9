#include <cuda_runtime.h>
#include <vector>

namespace dock {

__global__ void refine_pose(float* xyz, int atoms, int iters) {
  int a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= atoms) return;
  for (int i = 0; i < iters; ++i) xyz[3 * a] *= 0.999f;
}

// Local optimisation of the top poses, one pose at a time.
std::vector<float> rescore_top(const std::vector<std::vector<float>>& poses, int iters) {
  std::vector<float> out;
  out.reserve(poses.size());
  float* d_xyz = nullptr;
  cudaMalloc(&d_xyz, 3 * 512 * sizeof(float));
  for (const auto& pose : poses) {
    const int atoms = static_cast<int>(pose.size() / 3);
    float* h_xyz = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&h_xyz), pose.size() * sizeof(float));
    std::copy(pose.begin(), pose.end(), h_xyz);
    cudaMemcpyAsync(d_xyz, h_xyz, pose.size() * sizeof(float), cudaMemcpyHostToDevice);
    refine_pose<<<(atoms + 63) / 64, 64>>>(d_xyz, atoms, iters);
    cudaMemcpy(h_xyz, d_xyz, pose.size() * sizeof(float), cudaMemcpyDeviceToHost);
    float e = 0.f;
    for (int a = 0; a < atoms; ++a) e += h_xyz[3 * a];
    out.push_back(e);
    cudaFreeHost(h_xyz);
  }
  cudaFree(d_xyz);
  return out;
}

}  // namespace dock
