#include <float.h>
#include <math.h>

#include "gpr_internal.h"

#define NV 64
#define HALF_W 24

/* Misfit of the hyperbola through (x0, z0) for each trial velocity, over a +-HALF_W window. */
__global__ void hyperbola_misfit(const float* __restrict__ img, int ntr, int ns, int x0, int z0,
                                 float dx, float dt, float* misfit) {
  const int iv = threadIdx.x;
  if (iv >= NV) return;
  const float v = 0.04f + iv * (0.16f / NV);
  const float t0 = z0 * dt;
  float acc = 0.f;
  for (int k = -HALF_W; k <= HALF_W; ++k) {
    const int x = x0 + k;
    if (x < 0 || x >= ntr) continue;
    const float h = k * dx;
    const float t = sqrtf(t0 * t0 + 4.f * h * h / (v * v));
    const int it = (int)(t / dt + 0.5f);
    if (it < ns) acc += img[(size_t)x * ns + it];
  }
  misfit[iv] = -fabsf(acc);
}

extern "C" int gpr_fit_hyperbolas(gpr_ctx* ctx, const float* image, int n_traces, const int* apex_xz,
                                  int n_picks, float trace_spacing_m, float* velocity_out) {
  const size_t n = (size_t)n_traces * ctx->ns;
  float* d_img = NULL;
  GPR_TRY(cudaMalloc((void**)&d_img, n * sizeof(float)));
  cudaMemcpyAsync(d_img, image, n * sizeof(float), cudaMemcpyHostToDevice, ctx->stream);
  for (int p = 0; p < n_picks; ++p) {
    float* misfit = NULL;
    float* d_misfit = NULL;
    if (cudaHostAlloc((void**)&misfit, NV * sizeof(float), cudaHostAllocMapped) != cudaSuccess) {
      velocity_out[p] = NAN;
      continue;
    }
    cudaHostGetDevicePointer((void**)&d_misfit, misfit, 0);
    hyperbola_misfit<<<1, NV, 0, ctx->stream>>>(d_img, n_traces, ctx->ns, apex_xz[2 * p],
                                                apex_xz[2 * p + 1], trace_spacing_m, ctx->dt_ns,
                                                d_misfit);
    cudaStreamSynchronize(ctx->stream);
    int best = 0;
    for (int iv = 1; iv < NV; ++iv)
      if (misfit[iv] < misfit[best]) best = iv;
    velocity_out[p] = 0.04f + best * (0.16f / NV);
    cudaFreeHost(misfit);
  }
  cudaFree(d_img);
  return GPR_OK;
}

__global__ void semblance_kernel(const float* __restrict__ tr, int ntr, int ns, float dt,
                                 const float* __restrict__ vg, int nv, float* out) {
  const int x = blockIdx.x;
  const int iv = threadIdx.x;
  if (x >= ntr || iv >= nv) return;
  const float v = vg[iv];
  float num = 0.f, den = 1e-6f;
  for (int z = 1; z < ns; z += 4) {
    float s = 0.f, s2 = 0.f;
    for (int k = -8; k <= 8; ++k) {
      const int xx = x + k;
      if (xx < 0 || xx >= ntr) continue;
      const float t0 = z * dt;
      const float h = k * 0.05f;
      const int it = (int)(sqrtf(t0 * t0 + 4.f * h * h / (v * v)) / dt + 0.5f);
      if (it >= ns) continue;
      const float a = tr[(size_t)xx * ns + it];
      s += a;
      s2 += a * a;
    }
    num += s * s;
    den += 17.f * s2;
  }
  out[(size_t)x * nv + iv] = num / den;
}

extern "C" int gpr_velocity_scan(gpr_ctx* ctx, const float* traces, int n_traces, const float* v_grid,
                                 int nv, float* semblance_out) {
  if (nv > 1024) return GPR_EARG;
  const size_t n = (size_t)n_traces * ctx->ns;
  const size_t out_n = (size_t)n_traces * nv;
  float* sem = NULL;
  GPR_TRY(cudaMallocHost((void**)&sem, out_n * sizeof(float)));
  float *d_tr = NULL, *d_vg = NULL, *d_out = NULL;
  GPR_TRY(cudaMalloc((void**)&d_tr, n * sizeof(float)));
  GPR_TRY(cudaMalloc((void**)&d_vg, nv * sizeof(float)));
  GPR_TRY(cudaMalloc((void**)&d_out, out_n * sizeof(float)));
  GPR_TRY(cudaMemcpyAsync(d_tr, traces, n * sizeof(float), cudaMemcpyHostToDevice, ctx->stream));
  GPR_TRY(cudaMemcpyAsync(d_vg, v_grid, nv * sizeof(float), cudaMemcpyHostToDevice, ctx->stream));
  semblance_kernel<<<n_traces, nv, 0, ctx->stream>>>(d_tr, n_traces, ctx->ns, ctx->dt_ns, d_vg, nv, d_out);
  GPR_TRY(cudaMemcpyAsync(sem, d_out, out_n * sizeof(float), cudaMemcpyDeviceToHost, ctx->stream));
  GPR_TRY(cudaStreamSynchronize(ctx->stream));
  for (size_t i = 0; i < out_n; ++i) semblance_out[i] = sem[i];
  cudaFree(d_tr);
  cudaFree(d_vg);
  cudaFree(d_out);
  cudaFreeHost(sem);
  return GPR_OK;
}
