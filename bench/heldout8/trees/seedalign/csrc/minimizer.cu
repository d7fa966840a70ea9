#include <cuda_runtime.h>

#include "sa.h"

__global__ void minimizer_kernel(const char* reads, const int* offsets, int n, int k, int w, uint64_t* out) {
  int r = blockIdx.x;
  if (r >= n) return;
  int len = offsets[r + 1] - offsets[r];
  uint64_t best = ~0ull;
  for (int i = threadIdx.x; i + k <= len && i < w; i += blockDim.x) {
    uint64_t h = 0;
    for (int j = 0; j < k; ++j) h = h * 4 + ((reads[offsets[r] + i + j] >> 1) & 3);
    best = h < best ? h : best;
  }
  out[r] = best;
}

extern "C" int sa_minimizers(const char* reads, const int* offsets, int n, int k, int w, uint64_t** out, int* nout) {
  char* d_reads = NULL;
  int* d_off = NULL;
  uint64_t* d_out = NULL;
  uint64_t* h_out = NULL;
  if (cudaMallocHost((void**)&h_out, n * sizeof(uint64_t)) != cudaSuccess) return 1;
  SA_CHECK(cudaMalloc((void**)&d_reads, offsets[n]));
  SA_CHECK(cudaMalloc((void**)&d_off, (n + 1) * sizeof(int)));
  SA_CHECK(cudaMalloc((void**)&d_out, n * sizeof(uint64_t)));
  SA_CHECK(cudaMemcpy(d_reads, reads, offsets[n], cudaMemcpyHostToDevice));
  SA_CHECK(cudaMemcpy(d_off, offsets, (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  minimizer_kernel<<<n, 32>>>(d_reads, d_off, n, k, w, d_out);
  SA_CHECK(cudaMemcpy(h_out, d_out, n * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  cudaFree(d_reads);
  cudaFree(d_off);
  cudaFree(d_out);
  *out = h_out;
  *nout = n;
  return 0;
fail:
  cudaFree(d_reads);
  cudaFree(d_off);
  cudaFree(d_out);
  return 2;
}
