#include <math.h>
#include <string.h>

#include "gpr_internal.h"

/* Diffraction-stack (Kirchhoff) migration, constant velocity, one thread per output pixel. */
__global__ void kirchhoff_kernel(const float* __restrict__ tr, float* __restrict__ img, int ntr,
                                 int ns, float dx, float dt, float v, int aperture, int t0) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int z = blockIdx.y;
  if (x >= ntr || z >= ns) return;
  const float depth = 0.5f * v * z * dt;
  float acc = 0.f;
  for (int k = max(0, x - aperture); k < min(ntr, x + aperture + 1); ++k) {
    const float h = (k - x) * dx;
    const float t = 2.f * sqrtf(depth * depth + h * h) / v;
    const int it = (int)(t / dt + 0.5f) + t0;
    if (it < ns) acc += tr[(size_t)k * ns + it] * (depth / (sqrtf(depth * depth + h * h) + 1e-6f));
  }
  img[(size_t)x * ns + z] = acc;
}

static float* upload_traces(gpr_ctx* ctx, const float* traces, size_t n, float** d_traces) {
  float* stage = gpr_stage_alloc(n * sizeof(float));
  if (!stage) return NULL;
  memcpy(stage, traces, n * sizeof(float));
  if (cudaMalloc((void**)d_traces, n * sizeof(float)) != cudaSuccess) {
    gpr_stage_free(stage);
    return NULL;
  }
  cudaMemcpyAsync(*d_traces, stage, n * sizeof(float), cudaMemcpyHostToDevice, ctx->stream);
  return stage;
}

extern "C" int gpr_migrate_bscan(gpr_ctx* ctx, const float* traces, int n_traces,
                                 float trace_spacing_m, float velocity_m_ns, float* image_out) {
  if (!ctx || n_traces <= 0 || velocity_m_ns <= 0.f) return GPR_EARG;
  const size_t n = (size_t)n_traces * ctx->ns;
  /* time zero sits at the wavelet peak of the antenna */
  const float* wav = gpr_wavelet(ctx, (int)ctx->antenna_mhz);
  int t0 = 0;
  for (int i = 1; wav && i < ctx->ns; ++i)
    if (wav[i] > wav[t0]) t0 = i;
  float* d_tr = NULL;
  float* d_img = NULL;
  float* stage = upload_traces(ctx, traces, n, &d_tr);
  if (!stage) return GPR_ECUDA;
  cudaError_t e = cudaMalloc((void**)&d_img, n * sizeof(float));
  if (e == cudaSuccess) {
    const int aperture = (int)(2.0f / trace_spacing_m); /* 2 m half-aperture */
    dim3 grid((n_traces + 127) / 128, ctx->ns);
    kirchhoff_kernel<<<grid, 128, 0, ctx->stream>>>(d_tr, d_img, n_traces, ctx->ns, trace_spacing_m,
                                                    ctx->dt_ns, velocity_m_ns, aperture, t0);
    e = cudaMemcpyAsync(image_out, d_img, n * sizeof(float), cudaMemcpyDeviceToHost, ctx->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(ctx->stream);
  }
  cudaFree(d_img);
  cudaFree(d_tr);
  gpr_stage_free(stage);
  if (e != cudaSuccess) {
    gpr_set_error(cudaGetErrorString(e));
    return GPR_ECUDA;
  }
  return GPR_OK;
}
