// Loaders kept from the v1 tooling.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "stagepool/stagepool.h"

#define CHECK_CUDA(x)                                                               \
  do {                                                                              \
    cudaError_t err_ = (x);                                                         \
    if (err_ != cudaSuccess) {                                                      \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

namespace stagepool {

int load_frames(const char* path, float* d_out, std::size_t n) {
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return -1;
  float* host = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&host), n * sizeof(float));
  std::size_t got = std::fread(host, sizeof(float), n, f);
  std::fclose(f);
  if (got != n) {
    std::fprintf(stderr, "%s: short read (%zu of %zu)\n", path, got, n);
    return -2;
  }
  cudaMemcpy(d_out, host, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaFreeHost(host);
  return 0;
}

void load_table(const char* path, float* d_out, std::size_t n) {
  float* host = nullptr;
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&host), n * sizeof(float)));
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) {
    std::perror(path);
    std::exit(EXIT_FAILURE);
  }
  if (std::fread(host, sizeof(float), n, f) != n) {
    std::fprintf(stderr, "%s: truncated table\n", path);
    std::exit(EXIT_FAILURE);
  }
  std::fclose(f);
  CHECK_CUDA(cudaMemcpy(d_out, host, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaFreeHost(host));
}

void build_gamma_lut(float* d_lut, int n, float gamma) {
  float* h = nullptr;
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(float)));
  for (int i = 0; i < n; ++i) h[i] = std::pow(static_cast<float>(i) / (n - 1), gamma);
  CHECK_CUDA(cudaMemcpy(d_lut, h, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaFree(h);
}

}  // namespace stagepool
