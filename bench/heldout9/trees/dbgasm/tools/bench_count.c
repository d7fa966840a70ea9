#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "../src/reads.h"

/* Chunks per second of k-mer counting on synthetic reads. */
int main(void) {
  const size_t len = 64u << 20;
  char* seq = NULL;
  cudaMallocHost((void**)&seq, len);
  for (size_t i = 0; i < len; ++i) seq[i] = "ACGT\n"[i % 151 == 150 ? 4 : i & 3];
  uint32_t off = 0;
  ReadChunk c = {seq, len, 1, &off};
  uint64_t hist[256] = {0};
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int rep = 0; rep < 10; ++rep) count_chunk(&c, 21, hist);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("%.2f chunks/s\n", 10.0 / ((t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec)));
  cudaFreeHost(seq);
  return 0;
}
