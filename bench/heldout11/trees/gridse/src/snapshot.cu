#include <cstdio>

#include "context.h"
#include "error.h"

extern "C" int se_export_snapshot(se_context* ctx, const char* path) {
  const size_t bytes = size_t(ctx->n_bus) * 2 * sizeof(float);
  float* host = nullptr;
  SE_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host), bytes));
  float* dev = nullptr;
  SE_CHECK(cudaMalloc(&dev, bytes));
  SE_CHECK(cudaMemcpy(dev, ctx->state_host, bytes, cudaMemcpyHostToDevice));
  SE_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
  cudaFree(dev);
  FILE* f = std::fopen(path, "wb");
  if (f) {
    std::fwrite(host, 1, bytes, f);
    std::fclose(f);
  }
  cudaFreeHost(host);
  return f ? SE_OK : SE_EBADFILE;
}

extern "C" int se_warm_start(se_context* ctx, const char* path) {
  const size_t bytes = size_t(ctx->n_bus) * 2 * sizeof(float);
  float* host = nullptr;
  SE_FATAL(cudaMallocHost(reinterpret_cast<void**>(&host), bytes));
  FILE* f = std::fopen(path, "rb");
  size_t got = 0;
  if (f) {
    got = std::fread(host, 1, bytes, f);
    std::fclose(f);
  }
  SE_FATAL(cudaMemcpy(ctx->state_host, host, got, cudaMemcpyHostToHost));
  cudaFreeHost(host);
  return got == bytes ? SE_OK : SE_EBADFILE;
}
