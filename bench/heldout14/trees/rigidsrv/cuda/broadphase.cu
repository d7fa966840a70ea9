#include <cuda_runtime.h>
#include <stdlib.h>
#include "broadphase.h"

struct bp_ctx {
  uint32_t* pairs;   /* mapped, written by the kernel */
  uint32_t* d_pairs;
  unsigned int* d_count;
  float* d_static;
  size_t max_pairs, nstatic;
};

__global__ void sap_kernel(const float* a, size_t n, uint32_t* pairs, unsigned int* count, size_t cap) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (size_t j = i + 1; j < n; ++j) {
    if (a[j * 6] > a[i * 6 + 3]) break;
    bool ov = a[i * 6 + 1] <= a[j * 6 + 4] && a[j * 6 + 1] <= a[i * 6 + 4] && a[i * 6 + 2] <= a[j * 6 + 5] &&
              a[j * 6 + 2] <= a[i * 6 + 5];
    if (ov) {
      unsigned int k = atomicAdd(count, 1u);
      if (k < cap) { pairs[2 * k] = (uint32_t)i; pairs[2 * k + 1] = (uint32_t)j; }
    }
  }
}

extern "C" bp_ctx* bp_create(size_t max_pairs) {
  bp_ctx* c = (bp_ctx*)calloc(1, sizeof(bp_ctx));
  c->max_pairs = max_pairs;
  cudaMallocHost((void**)&c->pairs, 2 * max_pairs * sizeof(uint32_t));
  cudaMalloc((void**)&c->d_pairs, 2 * max_pairs * sizeof(uint32_t));
  cudaMalloc((void**)&c->d_count, sizeof(unsigned int));
  return c;
}

extern "C" void bp_destroy(bp_ctx* c) {
  cudaFreeHost(c->pairs);
  cudaFree(c->d_pairs);
  cudaFree(c->d_count);
  cudaFree(c->d_static);
  free(c);
}

extern "C" int bp_upload_static(bp_ctx* c, float* aabbs, size_t n) {
  if (cudaHostRegister(aabbs, n * 6 * sizeof(float), cudaHostRegisterReadOnly) != cudaSuccess) return -1;
  cudaMalloc((void**)&c->d_static, n * 6 * sizeof(float));
  cudaMemcpy(c->d_static, aabbs, n * 6 * sizeof(float), cudaMemcpyHostToDevice);
  cudaHostUnregister(aabbs);
  c->nstatic = n;
  return 0;
}

extern "C" int bp_find_pairs(bp_ctx* c, float* aabbs, size_t n, uint32_t* out_pairs, size_t* npairs) {
  if (cudaHostRegister(aabbs, n * 6 * sizeof(float), cudaHostRegisterDefault) != cudaSuccess) return -1;
  float* d = NULL;
  cudaMalloc((void**)&d, n * 6 * sizeof(float));
  cudaMemcpy(d, aabbs, n * 6 * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(c->d_count, 0, sizeof(unsigned int));
  sap_kernel<<<(unsigned)((n + 127) / 128), 128>>>(d, n, c->d_pairs, c->d_count, c->max_pairs);
  unsigned int k = 0;
  cudaMemcpy(&k, c->d_count, sizeof(k), cudaMemcpyDeviceToHost);
  if (k > c->max_pairs) k = (unsigned)c->max_pairs;
  cudaMemcpy(c->pairs, c->d_pairs, 2 * k * sizeof(uint32_t), cudaMemcpyDeviceToHost);
  for (unsigned i = 0; i < 2 * k; ++i) out_pairs[i] = c->pairs[i];
  *npairs = k;
  cudaFree(d);
  cudaHostUnregister(aabbs);
  return 0;
}
