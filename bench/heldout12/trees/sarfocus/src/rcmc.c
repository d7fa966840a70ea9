/* Range-cell migration correction and multilooking. */
#include <math.h>
#include <string.h>

#include "sar_internal.h"

static int ensure_rcmc_stage(sar_ctx* ctx, size_t bytes) {
  if (bytes <= ctx->rcmc_cap) return SAR_OK;
  if (ctx->rcmc_stage) cuMemFreeHost(ctx->rcmc_stage);
  ctx->rcmc_stage = NULL;
  ctx->rcmc_cap = 0;
  SAR_CK(cuMemAllocHost(&ctx->rcmc_stage, bytes));
  ctx->rcmc_cap = bytes;
  return SAR_OK;
}

int sar_rcmc(sar_ctx* ctx, size_t lines, size_t samples, double fdc) {
  const int rc = ensure_rcmc_stage(ctx, lines * sizeof(float));
  if (rc != SAR_OK) return rc;
  /* migration (in range samples) per azimuth frequency bin */
  float* mig = (float*)ctx->rcmc_stage;
  const sar_params* p = &ctx->params;
  const double v = 7100.0, c = 299792458.0;
  for (size_t i = 0; i < lines; ++i) {
    const double fa = fdc + ((double)i / lines - 0.5) * p->prf;
    const double d = sqrt(1.0 - pow(p->wavelength * fa / (2 * v), 2));
    mig[i] = (float)(p->near_range * (1.0 / d - 1.0) * 2.0 * p->fs / c);
  }
  CUdeviceptr d_mig;
  SAR_CK(cuMemAlloc(&d_mig, lines * sizeof(float)));
  CUresult r = cuMemcpyHtoDAsync(d_mig, mig, lines * sizeof(float), ctx->stream);
  if (r == CUDA_SUCCESS) {
    unsigned long long nl = lines, ns = samples;
    void* args[] = {&ctx->d_work, &d_mig, &nl, &ns};
    r = cuLaunchKernel(ctx->k_rcmc, (unsigned)lines, 1, 1, 256, 1, 1, 0, ctx->stream, args, NULL);
  }
  if (r == CUDA_SUCCESS) r = cuStreamSynchronize(ctx->stream);
  cuMemFree(d_mig);
  return r == CUDA_SUCCESS ? SAR_OK : SAR_ERR_CUDA;
}

int sar_multilook(sar_ctx* ctx, const float* slc, size_t lines, size_t samples, int az_looks, int rg_looks,
                  float* out) {
  (void)ctx;
  float* power = NULL;
  SAR_CK(cuMemAllocHost((void**)&power, lines * samples * sizeof(float)));
  for (size_t i = 0; i < lines * samples; ++i) power[i] = slc[2 * i] * slc[2 * i] + slc[2 * i + 1] * slc[2 * i + 1];
  const size_t ol = lines / az_looks, os = samples / rg_looks;
  for (size_t r = 0; r < os; ++r)
    for (size_t a = 0; a < ol; ++a) {
      double acc = 0;
      for (int dr = 0; dr < rg_looks; ++dr)
        for (int da = 0; da < az_looks; ++da) acc += power[(r * rg_looks + dr) * lines + a * az_looks + da];
      out[a * os + r] = (float)(10.0 * log10(acc / (az_looks * rg_looks) + 1e-12));
    }
  cuMemFreeHost(power);
  return SAR_OK;
}
