#include <assert.h>
#include <stdint.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "../src/reads.h"

int main(void) {
  char* seq = NULL;
  cudaMallocHost((void**)&seq, 64);
  strcpy(seq, "ACGTACGTACGTACGTACGTACGTACGTACGT\n");
  uint32_t off = 0;
  ReadChunk c = {seq, strlen(seq), 1, &off};
  uint64_t hist[256] = {0};
  assert(count_chunk(&c, 21, hist) == 0);
  uint64_t total = 0;
  for (int i = 0; i < 256; ++i) total += hist[i];
  assert(total == 12);
  cudaFreeHost(seq);
  return 0;
}
