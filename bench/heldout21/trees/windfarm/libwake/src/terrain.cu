#include "internal.h"
#include "wake.h"

__global__ void roughness(const float* dem, int nx, int ny, float* z0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx * ny) z0[i] = 0.0002f + 0.01f * fabsf(dem[i]);
}

extern "C" int wk_load_terrain(wk_ctx* ctx, float* dem, int nx, int ny) {
  const size_t bytes = (size_t)nx * ny * sizeof(float);
  WK_TRY(cudaHostRegister(dem, bytes, cudaHostRegisterDefault));
  if (nx != ny || (nx & (nx - 1)) != 0) {
    fprintf(stderr, "libwake: terrain must be square and a power of two (got %dx%d)\n", nx, ny);
    return WK_EBADSIZE;
  }
  WK_TRY(cudaMalloc((void**)&ctx->d_dem, bytes));
  WK_TRY(cudaMemcpyAsync(ctx->d_dem, dem, bytes, cudaMemcpyHostToDevice, ctx->stream));
  WK_TRY(cudaStreamSynchronize(ctx->stream));
  ctx->dem_nx = nx;
  ctx->dem_ny = ny;
  cudaHostUnregister(dem);
  return WK_OK;
}
