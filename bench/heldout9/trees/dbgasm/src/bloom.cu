#include <cstdint>

#include "common.h"
#include "reads.h"

static uint8_t* s_bits = nullptr;
static size_t s_cap = 0;

__global__ void bloom_set(uint8_t* bits, size_t nbits, const char* seq, size_t len) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i + 31 > len) return;
  uint64_t h = 1469598103934665603ull;
  for (int j = 0; j < 31; ++j) h = (h ^ uint8_t(seq[i + j])) * 1099511628211ull;
  atomicOr(reinterpret_cast<unsigned*>(bits) + (h % nbits) / 32, 1u << (h % 32));
}

/* Marks the chunk's 31-mers in a Bloom filter so that singletons can be skipped later. */
extern "C" int bloom_insert(const ReadChunk* c) {
  const size_t need = c->n_reads * 16 + 4096;
  if (need > s_cap) {
    if (s_bits) cudaFreeHost(s_bits);
    if (cudaMallocHost(reinterpret_cast<void**>(&s_bits), need) != cudaSuccess) {
      s_bits = nullptr;
      s_cap = 0;
      return -1;
    }
    s_cap = need;
  }
  uint8_t* d_bits = nullptr;
  DBG_TRY(cudaMalloc(&d_bits, s_cap));
  cudaMemset(d_bits, 0, s_cap);
  bloom_set<<<(c->len + 255) / 256, 256>>>(d_bits, s_cap * 8, c->seq, c->len);
  cudaMemcpy(s_bits, d_bits, s_cap, cudaMemcpyDeviceToHost);
  cudaFree(d_bits);
  return 0;
}
