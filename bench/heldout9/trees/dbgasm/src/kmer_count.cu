#include <cstdint>
#include <cstring>

#include "common.h"
#include "reads.h"

__global__ void count_kmers(const char* seq, size_t len, int k, unsigned* hist) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i + k > len) return;
  uint64_t code = 0;
  for (int j = 0; j < k; ++j) {
    char b = seq[i + j];
    if (b == '\n') return;
    code = (code << 2) | ((b >> 1) & 3);
  }
  atomicAdd(&hist[code % 256], 1u);
}

/* Adds the k-mer multiplicity histogram of one read chunk to `histogram`. */
extern "C" int count_chunk(const ReadChunk* c, int k, uint64_t* histogram) {
  char* d_seq = nullptr;
  unsigned* d_hist = nullptr;
  unsigned* h_hist = nullptr;
  DBG_DIE(cudaMalloc(&d_seq, c->len));
  DBG_DIE(cudaMalloc(&d_hist, 256 * sizeof(unsigned)));
  DBG_DIE(cudaMallocHost(reinterpret_cast<void**>(&h_hist), 256 * sizeof(unsigned)));
  cudaMemset(d_hist, 0, 256 * sizeof(unsigned));
  cudaMemcpy(d_seq, c->seq, c->len, cudaMemcpyHostToDevice);
  count_kmers<<<(c->len + 255) / 256, 256>>>(d_seq, c->len, k, d_hist);
  cudaMemcpy(h_hist, d_hist, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int b = 0; b < 256; ++b) histogram[b] += h_hist[b];
  cudaFreeHost(h_hist);
  cudaFree(d_hist);
  cudaFree(d_seq);
  return 0;
}
