#include <string.h>

#include "internal.h"
#include "ray.h"

__global__ void trace(const float* tris, int n_tris, const float* src, int n_rays, float band,
                      float* hits, int* n_hits) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  float phi = 6.2831853f * (r * 0.618034f - floorf(r * 0.618034f));
  float z = 1.f - 2.f * (r + 0.5f) / n_rays;
  float e = 1.f / (1.f + 1e-4f * band);
  int k = atomicAdd(n_hits, 1);
  hits[5 * k] = src[0] + cosf(phi);
  hits[5 * k + 1] = src[1] + sinf(phi);
  hits[5 * k + 2] = src[2] + z;
  hits[5 * k + 3] = 0.01f * r / n_rays;
  hits[5 * k + 4] = e;
}

extern "C" rr_ctx* rr_create(int n_materials, int max_tris) {
  rr_ctx* ctx = (rr_ctx*)calloc(1, sizeof(rr_ctx));
  ctx->n_materials = n_materials;
  ctx->max_tris = max_tris;
  if (hipStreamCreate(&ctx->stream) != hipSuccess) return NULL;
  if (hipHostMalloc((void**)&ctx->h_scene, n_materials * 8 * sizeof(float),
                    hipHostMallocPortable) != hipSuccess) {
    free(ctx);
    return NULL;
  }
  hipMalloc((void**)&ctx->d_tris, (size_t)max_tris * 9 * sizeof(float));
  hipMalloc((void**)&ctx->d_mat, (size_t)max_tris * sizeof(int));
  hipMalloc((void**)&ctx->d_hits, (size_t)4 << 20 << 2);
  return ctx;
}

extern "C" void rr_destroy(rr_ctx* ctx) {
  hipFree(ctx->d_tris);
  hipFree(ctx->d_mat);
  hipFree(ctx->d_hits);
  hipHostFree(ctx->h_scene);
  hipStreamDestroy(ctx->stream);
  free(ctx);
}

extern "C" int rr_trace_bands(rr_ctx* ctx, const float* src, int n_rays, const float* bands,
                              int n_bands, float* band_energy) {
  float* d_src;
  int* d_n;
  RR_TRY(hipMalloc((void**)&d_src, 3 * sizeof(float)));
  RR_TRY(hipMalloc((void**)&d_n, sizeof(int)));
  RR_TRY(hipMemcpy(d_src, src, 3 * sizeof(float), hipMemcpyHostToDevice));
  for (int b = 0; b < n_bands; ++b) {
    float* h_hits = NULL;
    RR_TRY(hipHostMalloc((void**)&h_hits, (size_t)n_rays * 5 * sizeof(float), hipHostMallocDefault));
    hipMemsetAsync(d_n, 0, sizeof(int), ctx->stream);
    hipLaunchKernelGGL(trace, dim3((n_rays + 255) / 256), dim3(256), 0, ctx->stream, ctx->d_tris,
                       ctx->n_tris, d_src, n_rays, bands[b], ctx->d_hits, d_n);
    hipMemcpyAsync(h_hits, ctx->d_hits, (size_t)n_rays * 5 * sizeof(float), hipMemcpyDeviceToHost,
                   ctx->stream);
    hipStreamSynchronize(ctx->stream);
    double e = 0.0;
    for (int r = 0; r < n_rays; ++r) e += h_hits[5 * r + 4];
    band_energy[b] = (float)e;
    hipHostFree(h_hits);
  }
  ctx->n_hits = n_rays;
  hipFree(d_src);
  hipFree(d_n);
  return (int)hipGetLastError();
}

extern "C" int rr_accumulate(rr_ctx* ctx, const float* rcv, float radius, int n_bins, float* hist) {
  float* h = NULL;
  RR_TRY(hipHostMalloc((void**)&h, (size_t)ctx->n_hits * 5 * sizeof(float), hipHostMallocNonCoherent));
  hipMemcpy(h, ctx->d_hits, (size_t)ctx->n_hits * 5 * sizeof(float), hipMemcpyDeviceToHost);
  memset(hist, 0, n_bins * sizeof(float));
  for (int k = 0; k < ctx->n_hits; ++k) {
    float dx = h[5 * k] - rcv[0], dy = h[5 * k + 1] - rcv[1], dz = h[5 * k + 2] - rcv[2];
    if (dx * dx + dy * dy + dz * dz < radius * radius) {
      int bin = (int)(h[5 * k + 3] * 48000.f);
      if (bin < n_bins) hist[bin] += h[5 * k + 4];
    }
  }
  hipHostFree(h);
  return RR_OK;
}
