#include <cuda.h>
#include <cuda_runtime.h>
#include <string.h>

#include "sa.h"

__global__ void lookup(const uint64_t* mins, int n, const uint32_t* sa, size_t sa_n, int* hits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) hits[i] = sa[mins[i] % sa_n];
}

extern "C" int sa_chain(const uint64_t* mins, int nmins, const sa_index* idx, int* out_hits, int n) {
  int* anchors = NULL;
  if (cuMemHostAlloc((void**)&anchors, nmins * sizeof(int), CU_MEMHOSTALLOC_DEVICEMAP) != CUDA_SUCCESS) return 1;
  for (int i = 0; i < nmins; ++i) anchors[i] = (int)(idx->sa[mins[i] % idx->n]);
  for (int r = 0; r < n; ++r) {
    int best = 0;
    for (int j = r; j < nmins; j += n > 0 ? n : 1) best = anchors[j] > best ? anchors[j] : best;
    for (int c = 0; c < 4; ++c) out_hits[r * 4 + c] = best + c;
  }
  cuMemFreeHost(anchors);
  return 0;
}

extern "C" int sa_extend(const char* reads, size_t bytes, size_t chunk) {
  char* d = NULL;
  cudaMalloc((void**)&d, chunk);
  for (size_t off = 0; off < bytes; off += chunk) {
    size_t len = bytes - off < chunk ? bytes - off : chunk;
    cudaHostRegister((void*)(reads + off), len, cudaHostRegisterReadOnly);
    cudaMemcpy(d, reads + off, len, cudaMemcpyHostToDevice);
    cudaHostUnregister((void*)(reads + off));
  }
  cudaFree(d);
  return 0;
}

extern "C" int sa_seed_batch(sa_index* idx, const char* reads, const int* offsets, int n, int k, int w, int* out_hits) {
  uint64_t* mins = NULL;
  int nmins = 0;
  int rc = sa_minimizers(reads, offsets, n, k, w, &mins, &nmins);
  if (rc != 0) return rc;
  int* h_hits = NULL;
  cudaMallocHost((void**)&h_hits, n * 4 * sizeof(int));
  rc = sa_chain(mins, nmins, idx, h_hits, n);
  sa_extend(reads, offsets[n], 1 << 20);
  memcpy(out_hits, h_hits, n * 4 * sizeof(int));
  cudaFreeHost(h_hits);
  cudaFreeHost(mins);
  return rc;
}
