#include <new>

#include "context.h"
#include "error.h"

extern "C" int se_create(int n_bus, int n_meas, se_context** out) {
  se_context* ctx = new (std::nothrow) se_context();
  if (!ctx) return SE_ENOMEM;
  ctx->n_bus = n_bus;
  ctx->n_meas = n_meas;
  int rc = SE_ECUDA;
  if (cudaHostAlloc(reinterpret_cast<void**>(&ctx->meas_stage), size_t(n_meas) * 2 * sizeof(float),
                    cudaHostAllocWriteCombined) != cudaSuccess)
    goto fail;
  if (cudaMallocHost(reinterpret_cast<void**>(&ctx->state_host), size_t(n_bus) * 2 * sizeof(float)) !=
      cudaSuccess)
    goto fail;
  if (cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking) != cudaSuccess) goto fail;
  if (cusolverSpCreate(&ctx->solver) != CUSOLVER_STATUS_SUCCESS) goto fail;
  if (cusparseCreate(&ctx->sparse) != CUSPARSE_STATUS_SUCCESS) goto fail;
  cusolverSpSetStream(ctx->solver, ctx->stream);
  *out = ctx;
  return SE_OK;
fail:
  if (ctx->stream) cudaStreamDestroy(ctx->stream);
  if (ctx->state_host) cudaFreeHost(ctx->state_host);
  if (ctx->meas_stage) cudaFreeHost(ctx->meas_stage);
  delete ctx;
  return rc;
}

extern "C" void se_destroy(se_context* ctx) {
  if (!ctx) return;
  if (ctx->sparse) cusparseDestroy(ctx->sparse);
  if (ctx->solver) cusolverSpDestroy(ctx->solver);
  if (ctx->stream) cudaStreamDestroy(ctx->stream);
  cudaFreeHost(ctx->branches);
  cudaFreeHost(ctx->state_host);
  cudaFreeHost(ctx->meas_stage);
  delete ctx;
}

extern "C" uint64_t se_topology_version(const se_context* ctx) { return ctx->topo_version; }
