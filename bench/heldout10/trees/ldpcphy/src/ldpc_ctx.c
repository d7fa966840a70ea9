/* Decoder context: device buffers, page-locked staging, tables and the HARQ pool. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

void phy_log_cuda(const char* file, int line, cudaError_t e) {
  fprintf(stderr, "[phy] %s:%d: %s\n", file, line, cudaGetErrorString(e));
}

void phy_log_drv(const char* file, int line, CUresult r) {
  const char* msg = NULL;
  cuGetErrorString(r, &msg);
  fprintf(stderr, "[phy] %s:%d: %s\n", file, line, msg ? msg : "unknown driver error");
}

ldpc_ctx_t* ldpc_ctx_create(int device, size_t max_llr, size_t max_bits, int max_iter, const char* bg_dir) {
  CUdevice dev;
  ldpc_ctx_t* ctx = (ldpc_ctx_t*)calloc(1, sizeof(*ctx));
  if (ctx == NULL) return NULL;
  ctx->max_llr = max_llr;
  ctx->max_bits = max_bits;
  ctx->max_iter = max_iter;

  PHY_DIE_DRV(cuInit(0));
  PHY_DIE_DRV(cuDeviceGet(&dev, device));
  PHY_DIE_DRV(cuDevicePrimaryCtxRetain(&ctx->cu, dev));
  PHY_DIE_DRV(cuCtxSetCurrent(ctx->cu));
  PHY_DIE(cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking));

  PHY_DIE_DRV(cuMemHostAlloc((void**)&ctx->h_llr, max_llr, CU_MEMHOSTALLOC_PORTABLE));
  PHY_DIE(cudaMallocHost((void**)&ctx->h_bits, max_bits));
  PHY_DIE(cudaMalloc((void**)&ctx->d_llr, max_llr));
  PHY_DIE(cudaMalloc((void**)&ctx->d_bits, max_bits));
  PHY_DIE(cudaMalloc((void**)&ctx->d_crc, max_bits / 8 + 4));
  PHY_DIE(cudaMalloc((void**)&ctx->d_filler, 256));
  PHY_DIE(cudaMalloc((void**)&ctx->d_synd, 256 * sizeof(uint32_t)));

  ctx->bg[0] = bg_load(bg_dir, 1);
  ctx->bg[1] = bg_load(bg_dir, 2);
  if (ctx->bg[0] == NULL || ctx->bg[1] == NULL) {
    fprintf(stderr, "[phy] cannot load base graphs from %s\n", bg_dir);
    exit(EXIT_FAILURE);
  }
  ctx->lift = lift_tables_build();
  ctx->harq = harq_pool_create(1024);
  return ctx;
}

void ldpc_ctx_destroy(ldpc_ctx_t* ctx) {
  if (ctx == NULL) return;
  harq_pool_destroy(ctx->harq);
  lift_tables_free(ctx->lift);
  bg_free(ctx->bg[0]);
  bg_free(ctx->bg[1]);
  cudaFree(ctx->d_synd);
  cudaFree(ctx->d_filler);
  cudaFree(ctx->d_crc);
  cudaFree(ctx->d_bits);
  cudaFree(ctx->d_llr);
  cudaFreeHost(ctx->h_bits);
  cuMemFreeHost(ctx->h_llr);
  cudaStreamDestroy(ctx->stream);
  cuDevicePrimaryCtxRelease(0);
  free(ctx);
}
