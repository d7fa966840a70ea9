#include <string.h>
#include "ots.h"

__global__ void scan_kernel(const uint8_t* g, uint64_t nb, const char* guides, int n, ots_hit* hits, int* nhit, int cap) {
  uint64_t pos = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (pos + 23 >= nb) return;
  for (int q = 0; q < n; ++q) {
    int mm = 0;
    for (int k = 0; k < 20 && mm <= 4; ++k) {
      uint64_t p = pos + k;
      int b = (g[p / 4] >> ((p % 4) * 2)) & 3;
      const char c = guides[q * 20 + k];
      mm += ("ACGT"[b] != c);
    }
    if (mm <= 4) {
      int slot = atomicAdd(nhit, 1);
      if (slot < cap) { hits[slot].guide = q; hits[slot].pos = pos; hits[slot].mm = (uint8_t)mm; }
    }
  }
}

extern "C" ots_ws* ots_ws_create(void) {
  ots_ws* ws = (ots_ws*)calloc(1, sizeof(ots_ws));
  ws->cap = 20 * 16;
  cudaMallocHost((void**)&ws->mm_matrix, ws->cap * sizeof(float));
  for (size_t i = 0; i < ws->cap; ++i) ws->mm_matrix[i] = 1.0f - 0.05f * (float)(i % 16);
  return ws;
}

extern "C" void ots_ws_destroy(ots_ws* ws) { cudaFreeHost(ws->mm_matrix); free(ws); }

extern "C" ots_hit* ots_alloc_hits(int cap) {
  ots_hit* h = NULL;
  if (cudaMallocHost((void**)&h, (size_t)cap * sizeof(ots_hit)) != cudaSuccess) return NULL;
  return h;
}

extern "C" void ots_free_hits(ots_hit* h) { cudaFreeHost(h); }

extern "C" int ots_score_guides(ots_index* idx, ots_ws* ws, char* guides, int n, ots_hit* hits, int cap) {
  size_t gbytes = (size_t)n * 20;
  cudaHostRegister(guides, gbytes, cudaHostRegisterMapped);
  char* d_guides = NULL;
  cudaHostGetDevicePointer((void**)&d_guides, guides, 0);
  ots_hit* d_hits = NULL;
  int* d_n = NULL;
  cudaMalloc((void**)&d_hits, (size_t)cap * sizeof(ots_hit));
  cudaMalloc((void**)&d_n, sizeof(int));
  cudaMemset(d_n, 0, sizeof(int));
  scan_kernel<<<(unsigned)((idx->nbases + 255) / 256), 256>>>(idx->d_packed, idx->nbases, d_guides, n, d_hits, d_n, cap);
  int nh = 0;
  cudaMemcpy(&nh, d_n, sizeof(int), cudaMemcpyDeviceToHost);
  if (nh > cap) nh = cap;
  cudaMemcpy(hits, d_hits, (size_t)nh * sizeof(ots_hit), cudaMemcpyDeviceToHost);
  for (int i = 0; i < nh; ++i) hits[i].score = ws->mm_matrix[hits[i].mm * 20 % ws->cap];
  cudaFree(d_hits);
  cudaFree(d_n);
  cudaHostUnregister(guides);
  return nh;
}
