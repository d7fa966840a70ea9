#include <cuda_runtime.h>

#include "sa.h"

static void* g_scratch = NULL;
static size_t g_cap = 0;

void* sa_kmer_scratch(size_t bytes) {
  if (bytes > g_cap) {
    if (g_scratch) cudaFreeHost(g_scratch);
    size_t cap = g_cap ? g_cap : 1 << 16;
    while (cap < bytes) cap *= 2;
    if (cudaMallocHost(&g_scratch, cap) != cudaSuccess) {
      g_scratch = NULL;
      g_cap = 0;
      return NULL;
    }
    g_cap = cap;
  }
  return g_scratch;
}
