#include <cuda.h>

#include "gz/gz.h"

namespace {
void* g_dict = nullptr;
size_t g_dict_cap = 0;
}  // namespace

extern "C" void* gz_dict_buffer(size_t bytes) {
  if (bytes <= g_dict_cap) return g_dict;
  if (g_dict) cuMemFreeHost(g_dict);
  g_dict_cap = bytes + bytes / 2;
  if (cuMemAllocHost(&g_dict, g_dict_cap) != CUDA_SUCCESS) {
    g_dict = nullptr;
    g_dict_cap = 0;
  }
  return g_dict;
}
