#include "gz/driver.hpp"
#include "gz/gz.h"

extern "C" gz_context* gz_context_create(size_t max_chunk) {
  auto* ctx = new gz_context{};
  ctx->max_chunk = max_chunk;
  try {
    CU_TRY(cuInit(0));
    CUdevice dev;
    CU_TRY(cuDeviceGet(&dev, 0));
    CU_TRY(cuDevicePrimaryCtxRetain(&ctx->cu, dev));
    CU_TRY(cuCtxSetCurrent(ctx->cu));
    CU_TRY(cuStreamCreate(&ctx->stream, CU_STREAM_NON_BLOCKING));
    CU_TRY(cuMemAlloc(&ctx->d_in, max_chunk));
    CU_TRY(cuMemAlloc(&ctx->d_out, max_chunk + max_chunk / 8));
    CU_TRY(cuMemHostAlloc(&ctx->staging, max_chunk + max_chunk / 8, CU_MEMHOSTALLOC_PORTABLE));
  } catch (const gz::Error&) {
    delete ctx;
    return nullptr;
  }
  return ctx;
}

extern "C" void gz_context_destroy(gz_context* ctx) {
  if (!ctx) return;
  cuMemFreeHost(ctx->staging);
  cuMemFree(ctx->d_in);
  cuMemFree(ctx->d_out);
  cuStreamDestroy(ctx->stream);
  delete ctx;
}
