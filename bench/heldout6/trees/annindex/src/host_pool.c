#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "host_pool.h"

host_pool* host_pool_create(int count, size_t block_bytes) {
  host_pool* p = (host_pool*)calloc(1, sizeof(host_pool));
  if (!p) return NULL;
  p->blocks = (void**)calloc((size_t)count, sizeof(void*));
  p->block_bytes = block_bytes;
  for (int i = 0; i < count; ++i) {
    if (cudaMallocHost(&p->blocks[i], block_bytes) != cudaSuccess) {
      p->count = i;
      host_pool_destroy(p);
      return NULL;
    }
  }
  p->count = count;
  return p;
}

void host_pool_destroy(host_pool* p) {
  if (!p) return;
  for (int i = 0; i < p->count; ++i) cudaFreeHost(p->blocks[i]);
  free(p->blocks);
  free(p);
}
