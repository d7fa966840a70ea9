#include <cuda_runtime.h>

#include "wf/sim.hpp"

namespace wf {

__global__ void count_embers(const float* intensity, int n, int* count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && intensity[i] > 0.9f) atomicAdd(count, 1);
}

// Long-range spotting: brands lofted from high-intensity cells.
void EmberTracker::update(const float* d_intensity, int nx, int ny, int tick) {
  int* d_count = nullptr;
  int n = 0;
  cudaMalloc(&d_count, sizeof(int));
  cudaMemset(d_count, 0, sizeof(int));
  count_embers<<<(nx * ny + 255) / 256, 256>>>(d_intensity, nx * ny, d_count);
  cudaMemcpy(&n, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_count);
  if (size_t(n) > embers_.size()) embers_.resize(n);
  for (int k = 0; k < n; ++k) embers_[k] = make_float4(float(k % nx), float(k / nx), 1.f, float(tick));
}

}  // namespace wf
