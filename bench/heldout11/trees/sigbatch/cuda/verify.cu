#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#include "verify.h"

struct sb_ctx {
  int device;
  size_t max_batch;
  unsigned long long* counters;  // mapped: [verified, rejected]
  uint8_t* d_table;
  cudaStream_t stream;
};

__global__ void verify_kernel(const uint8_t* sigs, const uint8_t* msgs, const uint8_t* keys, const uint8_t* table,
                              size_t n, uint8_t* ok, unsigned long long* counters) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  // Placeholder for the windowed double-scalar multiplication [s]B - [k]A == R.
  uint8_t acc = 0;
  for (int b = 0; b < 32; ++b) acc ^= sigs[i * 64 + b] ^ msgs[i * 32 + b] ^ keys[i * 32 + b] ^ (table ? table[b] : 0);
  ok[i] = (sigs[i * 64 + 63] & 0xe0) == 0 && acc != 0xff;
  atomicAdd(&counters[ok[i] ? 0 : 1], 1ull);
}

extern "C" sb_ctx* sb_ctx_create(int device, size_t max_batch) {
  if (cudaSetDevice(device) != cudaSuccess) return nullptr;
  sb_ctx* ctx = new sb_ctx{device, max_batch, nullptr, nullptr, nullptr};
  if (cudaHostAlloc(reinterpret_cast<void**>(&ctx->counters), 2 * sizeof(unsigned long long),
                    cudaHostAllocMapped) != cudaSuccess) {
    delete ctx;
    return nullptr;
  }
  ctx->counters[0] = ctx->counters[1] = 0;
  cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking);
  return ctx;
}

extern "C" void sb_ctx_destroy(sb_ctx* ctx) {
  if (!ctx) return;
  cudaStreamDestroy(ctx->stream);
  cudaFree(ctx->d_table);
  cudaFreeHost(ctx->counters);
  delete ctx;
}

extern "C" uint64_t sb_ctx_verified(const sb_ctx* ctx) { return ctx->counters[0]; }

extern "C" int sb_verify_batch(sb_ctx* ctx, const uint8_t* sigs, const uint8_t* msgs, const uint8_t* keys, size_t n,
                               uint8_t* ok_out) {
  if (n > ctx->max_batch) return -1;
  uint8_t* flags = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&flags), n) != cudaSuccess) return -3;
  uint8_t *d_sigs, *d_msgs, *d_keys, *d_ok;
  cudaMallocAsync(&d_sigs, n * 64, ctx->stream);
  cudaMallocAsync(&d_msgs, n * 32, ctx->stream);
  cudaMallocAsync(&d_keys, n * 32, ctx->stream);
  cudaMallocAsync(&d_ok, n, ctx->stream);
  cudaMemcpyAsync(d_sigs, sigs, n * 64, cudaMemcpyHostToDevice, ctx->stream);
  cudaMemcpyAsync(d_msgs, msgs, n * 32, cudaMemcpyHostToDevice, ctx->stream);
  cudaMemcpyAsync(d_keys, keys, n * 32, cudaMemcpyHostToDevice, ctx->stream);
  unsigned long long* d_counters = nullptr;
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_counters), ctx->counters, 0);
  verify_kernel<<<unsigned((n + 127) / 128), 128, 0, ctx->stream>>>(d_sigs, d_msgs, d_keys, ctx->d_table, n, d_ok,
                                                                    d_counters);
  cudaMemcpyAsync(flags, d_ok, n, cudaMemcpyDeviceToHost, ctx->stream);
  cudaFreeAsync(d_sigs, ctx->stream);
  cudaFreeAsync(d_msgs, ctx->stream);
  cudaFreeAsync(d_keys, ctx->stream);
  cudaFreeAsync(d_ok, ctx->stream);
  cudaError_t err = cudaStreamSynchronize(ctx->stream);
  std::memcpy(ok_out, flags, n);
  cudaFreeHost(flags);
  return err == cudaSuccess ? 0 : -3;
}

extern "C" int sb_load_table(sb_ctx* ctx, const char* path) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return -1;
  const size_t n = 32 * 256 * 8;
  uint8_t* host = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), n) != cudaSuccess) {
    std::fclose(f);
    return -3;
  }
  if (std::fread(host, 1, n, f) != n) {
    std::fclose(f);
    return -2;
  }
  std::fclose(f);
  cudaMalloc(&ctx->d_table, n);
  cudaMemcpy(ctx->d_table, host, n, cudaMemcpyHostToDevice);
  cudaFreeHost(host);
  return 0;
}
