#include <cuda_runtime.h>

#include "common.h"
#include "varcall.h"

__global__ void depth_kernel(const int32_t* counts, int32_t* depth, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const int32_t* c = counts + i * 5;
  depth[i] = c[0] + c[1] + c[2] + c[3] + c[4];
}

/* Writes per-position depth straight into the caller's malloc'd array (zero-copy). */
extern "C" int compute_depth(int32_t* depth_host, size_t n, const int32_t* d_counts) {
  int32_t* d_depth = nullptr;
  TRY_CUDA(cudaHostRegister(depth_host, n * sizeof(int32_t), cudaHostRegisterMapped));
  TRY_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_depth), depth_host, 0));
  depth_kernel<<<static_cast<unsigned>((n + 255) / 256), 256>>>(d_counts, d_depth, n);
  TRY_CUDA(cudaDeviceSynchronize());
  TRY_CUDA(cudaHostUnregister(depth_host));
  return 0;
}
