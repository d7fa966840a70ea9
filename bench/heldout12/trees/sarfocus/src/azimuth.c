/* Azimuth compression. The SLC on the host is range-bin major ([samples][lines]): each range
 * bin's azimuth line is contiguous, and bins are focused and read back in blocks. */
#include <math.h>

#include "sar_internal.h"

#define SINC_TAPS 16
#define SINC_OVERSAMPLE 64
#define AZ_BLOCK 512

/* Windowed-sinc interpolation kernel for the Doppler-centroid shift, built on first use. */
static const float* sinc_lut(void) {
  static float* lut = NULL;
  if (!lut) {
    if (cuMemAllocHost((void**)&lut, SINC_TAPS * SINC_OVERSAMPLE * sizeof(float)) != CUDA_SUCCESS) return NULL;
    for (int i = 0; i < SINC_TAPS * SINC_OVERSAMPLE; ++i) {
      const double x = (double)i / SINC_OVERSAMPLE - SINC_TAPS / 2;
      const double w = 0.54 + 0.46 * cos(M_PI * x / (SINC_TAPS / 2));
      lut[i] = (float)(fabs(x) < 1e-9 ? 1.0 : sin(M_PI * x) / (M_PI * x) * w);
    }
  }
  return lut;
}

int sar_azimuth_focus(sar_ctx* ctx, float* slc, size_t lines, size_t samples, double fdc) {
  const float* lut = sinc_lut();
  if (!lut) return SAR_ERR_CUDA;
  CUresult r = CUDA_SUCCESS;
  for (size_t b0 = 0; b0 < samples && r == CUDA_SUCCESS; b0 += AZ_BLOCK) {
    const size_t nb = samples - b0 < AZ_BLOCK ? samples - b0 : AZ_BLOCK;
    float* host = slc + b0 * lines * 2;
    const size_t bytes = nb * lines * 2 * sizeof(float);
    r = cuMemHostRegister(host, bytes, 0);
    if (r != CUDA_SUCCESS) break;
    unsigned long long first = b0, count = nb, nl = lines;
    float shift = (float)(fdc / ctx->params.prf);
    void* args[] = {&ctx->d_work, &first, &count, &nl, &shift, &ctx->d_orbit};
    r = cuLaunchKernel(ctx->k_azimuth, (unsigned)nb, 1, 1, 256, 1, 1, 0, ctx->stream, args, NULL);
    if (r == CUDA_SUCCESS)
      r = cuMemcpyDtoHAsync(host, ctx->d_work + b0 * lines * 2 * sizeof(float), bytes, ctx->stream);
    if (r == CUDA_SUCCESS) r = cuStreamSynchronize(ctx->stream);
    cuMemHostUnregister(host);
  }
  return r == CUDA_SUCCESS ? SAR_OK : SAR_ERR_CUDA;
}
