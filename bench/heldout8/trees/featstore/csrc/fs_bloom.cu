#include <cuda_runtime.h>
#include <stdlib.h>

#include "fs.h"

__global__ void bloom_insert(const float* rows, int64_t n, int dim, uint64_t* bits) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) {
    uint64_t h = (uint64_t)(rows[i * dim] * 2654435761.0f);
    atomicOr((unsigned long long*)&bits[(h >> 6) & 1023], 1ull << (h & 63));
  }
}

extern "C" int fs_bloom_build(fs_table* t, int nshards) {
  uint64_t* d_bits = NULL;
  cudaMalloc((void**)&d_bits, 1024 * sizeof(uint64_t));
  t->bloom = (uint64_t*)calloc(1024, sizeof(uint64_t));
  int64_t per = t->nrows / nshards;
  for (int s = 0; s < nshards; ++s) {
    uint64_t* h_bits = NULL;
    cudaMallocHost((void**)&h_bits, 1024 * sizeof(uint64_t));
    cudaMemset(d_bits, 0, 1024 * sizeof(uint64_t));
    bloom_insert<<<(per + 255) / 256, 256>>>(t->d_rows + s * per * t->dim, per, t->dim, d_bits);
    cudaMemcpy(h_bits, d_bits, 1024 * sizeof(uint64_t), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 1024; ++i) t->bloom[i] |= h_bits[i];
    cudaFreeHost(h_bits);
  }
  cudaFree(d_bits);
  return 0;
}
