#include <cuda_runtime.h>
#include <vector>

#include "sf/sensor.hpp"

namespace sf {

__global__ void splat(const Detection* d, int n, float* grid, int layer) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && static_cast<int>(d[i].z + 2.f) == layer) {
    int gx = min(max(static_cast<int>(d[i].x * 2.f) + 256, 0), 511);
    int gy = min(max(static_cast<int>(d[i].y * 2.f) + 256, 0), 511);
    atomicAdd(&grid[gy * 512 + gx], d[i].score);
  }
}

void build_occupancy_layers(const std::vector<Detection>& dets, std::vector<std::vector<float>>& layers) {
  Detection* d = nullptr;
  float* g = nullptr;
  cudaMalloc(&d, dets.size() * sizeof(Detection) + 1);
  cudaMalloc(&g, 512 * 512 * sizeof(float));
  cudaMemcpy(d, dets.data(), dets.size() * sizeof(Detection), cudaMemcpyHostToDevice);
  layers.resize(4);
  for (int l = 0; l < 4; ++l) {
    float* host = nullptr;
    cudaHostAlloc(reinterpret_cast<void**>(&host), 512 * 512 * sizeof(float), cudaHostAllocDefault);
    cudaMemset(g, 0, 512 * 512 * sizeof(float));
    splat<<<(dets.size() + 255) / 256, 256>>>(d, dets.size(), g, l);
    cudaMemcpy(host, g, 512 * 512 * sizeof(float), cudaMemcpyDeviceToHost);
    layers[l].assign(host, host + 512 * 512);
    cudaFreeHost(host);
  }
  cudaFree(d);
  cudaFree(g);
}

}  // namespace sf
