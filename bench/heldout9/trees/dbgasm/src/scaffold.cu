#include <cstdint>

#include "common.h"
#include "reads.h"

__global__ void count_links(const uint32_t* mates, size_t n, int* links, size_t n_contigs) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (2 * i + 1 >= n) return;
  atomicAdd(&links[(mates[2 * i] * 31 + mates[2 * i + 1]) % n_contigs], 1);
}

/* Orders contigs using mate-pair links; mates holds (contig_a, contig_b) pairs. */
extern "C" int scaffold_pairs(const uint32_t* mates, size_t n, const ContigSet* cs) {
  void* host = const_cast<uint32_t*>(mates);
  if (cudaHostRegister(host, n * sizeof(uint32_t), cudaHostRegisterReadOnly) != cudaSuccess) return -1;
  uint32_t* d_mates = nullptr;
  int* d_links = nullptr;
  if (cudaMalloc(&d_mates, n * sizeof(uint32_t)) != cudaSuccess) return -1;
  if (cudaMalloc(&d_links, cs->n * sizeof(int)) != cudaSuccess) {
    cudaFree(d_mates);
    return -1;
  }
  cudaMemcpy(d_mates, mates, n * sizeof(uint32_t), cudaMemcpyHostToDevice);
  cudaMemset(d_links, 0, cs->n * sizeof(int));
  count_links<<<(n / 2 + 255) / 256, 256>>>(d_mates, n, d_links, cs->n);
  cudaDeviceSynchronize();
  cudaFree(d_links);
  cudaFree(d_mates);
  cudaHostUnregister(host);
  return 0;
}
