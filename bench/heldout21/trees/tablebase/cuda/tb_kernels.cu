#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_api.h"

struct tb_ctx {
  int n_pieces;
  int16_t* h_psq;   /* piece-square table, portable pinned */
  int16_t* d_psq;
  cudaStream_t stream;
};

__global__ void unmove(const uint64_t* frontier, int64_t n, int piece, uint64_t* out, int* count) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint64_t pos = frontier[i];
  for (int d = 0; d < 8; ++d) {
    uint64_t prev = pos ^ ((uint64_t)(piece * 8 + d) << 6);
    int k = atomicAdd(count, 1);
    out[k] = prev;
  }
}

extern "C" tb_ctx* tb_init(int n_pieces) {
  tb_ctx* ctx = (tb_ctx*)calloc(1, sizeof(tb_ctx));
  ctx->n_pieces = n_pieces;
  cudaStreamCreate(&ctx->stream);
  if (cudaHostAlloc((void**)&ctx->h_psq, 12 * 64 * sizeof(int16_t), cudaHostAllocPortable) !=
      cudaSuccess) {
    free(ctx);
    return NULL;
  }
  for (int i = 0; i < 12 * 64; ++i) ctx->h_psq[i] = (int16_t)(i % 64);
  cudaMalloc((void**)&ctx->d_psq, 12 * 64 * sizeof(int16_t));
  cudaMemcpy(ctx->d_psq, ctx->h_psq, 12 * 64 * sizeof(int16_t), cudaMemcpyHostToDevice);
  return ctx;
}

extern "C" void tb_shutdown(tb_ctx* ctx) {
  cudaFree(ctx->d_psq);
  cudaFreeHost(ctx->h_psq);
  cudaStreamDestroy(ctx->stream);
  free(ctx);
}

extern "C" int tb_expand_frontier(tb_ctx* ctx, const uint64_t* frontier, int64_t n, uint8_t* dtz,
                                  int iteration) {
  uint64_t *d_frontier, *d_out;
  int* d_count;
  cudaMalloc((void**)&d_frontier, n * sizeof(uint64_t));
  cudaMalloc((void**)&d_out, n * 8 * sizeof(uint64_t));
  cudaMalloc((void**)&d_count, sizeof(int));
  cudaMemcpyAsync(d_frontier, frontier, n * sizeof(uint64_t), cudaMemcpyHostToDevice, ctx->stream);
  for (int piece = 0; piece < ctx->n_pieces; ++piece) {
    uint64_t* h_moves = NULL;
    int count = 0;
    if (cudaMallocHost((void**)&h_moves, n * 8 * sizeof(uint64_t)) != cudaSuccess) return -1;
    cudaMemsetAsync(d_count, 0, sizeof(int), ctx->stream);
    unmove<<<(unsigned)((n + 255) / 256), 256, 0, ctx->stream>>>(d_frontier, n, piece, d_out, d_count);
    cudaMemcpyAsync(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost, ctx->stream);
    cudaStreamSynchronize(ctx->stream);
    cudaMemcpy(h_moves, d_out, count * sizeof(uint64_t), cudaMemcpyDeviceToHost);
    for (int k = 0; k < count; ++k) {
      uint64_t idx = h_moves[k] % (uint64_t)n;
      if (dtz[idx] == 0) dtz[idx] = (uint8_t)(iteration + 1);
    }
    cudaFreeHost(h_moves);
  }
  cudaFree(d_frontier);
  cudaFree(d_out);
  cudaFree(d_count);
  return 0;
}

extern "C" int tb_verify_slice(tb_ctx* ctx, const uint8_t* dtz, int64_t offset, int64_t len,
                               int64_t* bad) {
  uint8_t* mapped = NULL;
  if (cudaHostAlloc((void**)&mapped, len, cudaHostAllocMapped) != cudaSuccess) return -1;
  memcpy(mapped, dtz + offset, len);
  int64_t b = 0;
  for (int64_t i = 1; i < len; ++i)
    if (mapped[i] != 0 && mapped[i] + 1 < mapped[i - 1] && mapped[i - 1] != 255) ++b;
  *bad += b;
  cudaFreeHost(mapped);
  return 0;
}

extern "C" int tb_dump_stats(tb_ctx* ctx, const uint8_t* dtz, int64_t n, const char* path) {
  int rc = 0;
  int64_t* hist = NULL;
  FILE* fp = NULL;
  if (cudaMallocHost((void**)&hist, 256 * sizeof(int64_t)) != cudaSuccess) return -1;
  memset(hist, 0, 256 * sizeof(int64_t));
  for (int64_t i = 0; i < n; ++i) hist[dtz[i]]++;
  fp = fopen(path, "w");
  if (!fp) {
    rc = -2;
    goto cleanup;
  }
  for (int d = 0; d < 256; ++d)
    if (hist[d]) fprintf(fp, "%d,%lld\n", d, (long long)hist[d]);
cleanup:
  if (fp) fclose(fp);
  cudaFreeHost(hist);
  return rc;
}
