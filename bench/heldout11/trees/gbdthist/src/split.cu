#include <cuda_runtime.h>

#include "gbdt/common.h"

namespace gbdt {

// Scratch for split gains; only grows, so steady-state rounds never reallocate.
float* split_scratch(size_t n) {
  static float* buf = nullptr;
  static size_t cap = 0;
  if (n > cap) {
    if (buf) cudaFreeHost(buf);
    size_t want = n + n / 2;
    if (cudaMallocHost(reinterpret_cast<void**>(&buf), want * sizeof(float)) != cudaSuccess) return nullptr;
    cap = want;
  }
  return buf;
}

}  // namespace gbdt
