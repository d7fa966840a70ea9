#include <string.h>

#include "sar_internal.h"

sar_ctx* sar_open(int device, size_t max_lines, size_t max_samples, const char* ptx_path) {
  CUdevice dev;
  sar_ctx* ctx = calloc(1, sizeof(*ctx));
  if (!ctx) return NULL;
  ctx->max_lines = max_lines;
  ctx->max_samples = max_samples;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, device) != CUDA_SUCCESS) goto fail;
  if (cuCtxCreate(&ctx->cu, 0, dev) != CUDA_SUCCESS) goto fail;
  if (cuModuleLoad(&ctx->mod, ptx_path) != CUDA_SUCCESS) goto fail;
  cuModuleGetFunction(&ctx->k_range, ctx->mod, "range_matched_filter");
  cuModuleGetFunction(&ctx->k_rcmc, ctx->mod, "rcmc_sinc");
  cuModuleGetFunction(&ctx->k_azimuth, ctx->mod, "azimuth_matched_filter");
  cuStreamCreate(&ctx->stream, CU_STREAM_NON_BLOCKING);
  if (cuMemAllocHost((void**)&ctx->echo_stage, max_lines * max_samples * 2 * sizeof(float)) != CUDA_SUCCESS)
    goto fail;
  if (cuMemHostAlloc((void**)&ctx->orbit, SAR_MAX_SV * sizeof(sar_state_vector), CU_MEMHOSTALLOC_DEVICEMAP) !=
      CUDA_SUCCESS)
    goto fail;
  if (cuMemHostGetDevicePointer(&ctx->d_orbit, ctx->orbit, 0) != CUDA_SUCCESS) goto fail;
  if (cuMemAlloc(&ctx->d_work, max_lines * max_samples * 2 * sizeof(float)) != CUDA_SUCCESS) goto fail;
  return ctx;
fail:
  if (ctx->orbit) cuMemFreeHost(ctx->orbit);
  if (ctx->echo_stage) cuMemFreeHost(ctx->echo_stage);
  if (ctx->cu) cuCtxDestroy(ctx->cu);
  free(ctx);
  return NULL;
}

void sar_close(sar_ctx* ctx) {
  if (!ctx) return;
  cuMemFreeHost(ctx->echo_stage);
  cuMemFreeHost(ctx->orbit);
  if (ctx->rcmc_stage) cuMemFreeHost(ctx->rcmc_stage);
  cuMemFree(ctx->d_work);
  if (ctx->d_antenna) cuMemFree(ctx->d_antenna);
  cuStreamDestroy(ctx->stream);
  cuModuleUnload(ctx->mod);
  cuCtxDestroy(ctx->cu);
  free(ctx);
}
