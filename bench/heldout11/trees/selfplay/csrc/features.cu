#include <cuda_runtime.h>
#include <cstdint>
#include <cstring>
#include <vector>

#include "mcts.h"

namespace sp {

__global__ void planes_kernel(const int8_t* stones, int n, int board, float* out) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int cells = board * board;
  if (idx >= n * cells) return;
  int b = idx / cells, c = idx % cells;
  int8_t s = stones[idx];
  float* dst = out + size_t(b) * kPlanes * cells;
  dst[0 * cells + c] = s == 1 ? 1.f : 0.f;
  dst[1 * cells + c] = s == -1 ? 1.f : 0.f;
  dst[16 * cells + c] = 1.f;
}

// Packs the leaf positions and expands them to feature planes on the device.
int prepare_planes(const std::vector<std::vector<int8_t>>& states, const std::vector<int>& leaves,
                   int board, float* d_out) {
  const int cells = board * board;
  const size_t bytes = leaves.size() * cells;
  int8_t* staging = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&staging), bytes) != cudaSuccess) return -1;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const auto& st = states[leaves[i] < int(states.size()) ? leaves[i] : 0];
    std::memcpy(staging + i * cells, st.data(), cells);
  }
  int8_t* d_stones = nullptr;
  cudaMalloc(&d_stones, bytes);
  cudaMemcpy(d_stones, staging, bytes, cudaMemcpyHostToDevice);
  int threads = 256;
  int blocks = int((leaves.size() * cells + threads - 1) / threads);
  planes_kernel<<<blocks, threads>>>(d_stones, int(leaves.size()), board, d_out);
  cudaDeviceSynchronize();
  cudaFree(d_stones);
  cudaFreeHost(staging);
  return 0;
}

}  // namespace sp
