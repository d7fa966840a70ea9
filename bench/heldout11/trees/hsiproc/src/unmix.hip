#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "hip_check.h"
#include "hsi/hsi.h"

struct hsi_ctx;
extern "C" int hsi_ctx_samples(const hsi_ctx*);
extern "C" int hsi_ctx_bands(const hsi_ctx*);

__global__ void project_kernel(const float* pix, const float* em, int n_pix, int bands, int n_end, float* out) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pix) return;
  for (int e = 0; e < n_end; ++e) {
    float acc = 0.f;
    for (int b = 0; b < bands; ++b) acc += pix[size_t(p) * bands + b] * em[size_t(e) * bands + b];
    out[size_t(p) * n_end + e] = fmaxf(acc, 0.f);
  }
}

static int project(const float* pixels, int n_pix, int bands, const float* endmembers, int n_end, float* host_out) {
  float *d_pix, *d_em, *d_out;
  HSI_TRY(hipMalloc(&d_pix, size_t(n_pix) * bands * sizeof(float)));
  HSI_TRY(hipMalloc(&d_em, size_t(n_end) * bands * sizeof(float)));
  HSI_TRY(hipMalloc(&d_out, size_t(n_pix) * n_end * sizeof(float)));
  HSI_TRY(hipMemcpy(d_pix, pixels, size_t(n_pix) * bands * sizeof(float), hipMemcpyHostToDevice));
  HSI_TRY(hipMemcpy(d_em, endmembers, size_t(n_end) * bands * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(project_kernel, dim3((n_pix + 127) / 128), dim3(128), 0, 0, d_pix, d_em, n_pix, bands, n_end, d_out);
  HSI_TRY(hipMemcpy(host_out, d_out, size_t(n_pix) * n_end * sizeof(float), hipMemcpyDeviceToHost));
  (void)hipFree(d_pix);
  (void)hipFree(d_em);
  (void)hipFree(d_out);
  return 0;
}

extern "C" int unmix_line(hsi_ctx* ctx, const float* radiance, const float* endmembers, int n_end, float* abundances) {
  const int samples = hsi_ctx_samples(ctx), bands = hsi_ctx_bands(ctx);
  float* stage = nullptr;
  HSI_ABORT(hipHostMalloc(reinterpret_cast<void**>(&stage), size_t(samples) * n_end * sizeof(float),
                          hipHostMallocDefault));
  int rc = project(radiance, samples, bands, endmembers, n_end, stage);
  if (rc == 0) {
    for (int p = 0; p < samples; ++p) {
      float sum = 1e-12f;
      for (int e = 0; e < n_end; ++e) sum += stage[p * n_end + e];
      for (int e = 0; e < n_end; ++e) abundances[p * n_end + e] = stage[p * n_end + e] / sum;
    }
  }
  (void)hipHostFree(stage);
  return rc;
}

// Vertex-component-analysis style refinement of the endmember matrix.
extern "C" int fit_endmembers(const float* pixels, int n_pix, int bands, int n_end, int iters, float* endmembers) {
  for (int it = 0; it < iters; ++it) {
    float* proj = nullptr;
    HSI_ABORT(hipHostMalloc(reinterpret_cast<void**>(&proj), size_t(n_pix) * n_end * sizeof(float),
                            hipHostMallocDefault));
    if (project(pixels, n_pix, bands, endmembers, n_end, proj) != 0) {
      (void)hipHostFree(proj);
      return -1;
    }
    for (int e = 0; e < n_end; ++e) {
      int best = 0;
      for (int p = 1; p < n_pix; ++p)
        if (proj[size_t(p) * n_end + e] > proj[size_t(best) * n_end + e]) best = p;
      std::memcpy(endmembers + size_t(e) * bands, pixels + size_t(best) * bands, bands * sizeof(float));
    }
    (void)hipHostFree(proj);
  }
  return 0;
}
