/* Range compression: matched filtering of every echo line with the transmitted chirp. */
#include <math.h>
#include <string.h>

#include "sar_internal.h"

static size_t next_pow2(size_t n) {
  size_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

/* Conjugated, zero-padded replica of the chirp, interleaved re/im. */
static float* prepare_chirp_replica(const sar_params* p, size_t nfft) {
  float* rep = NULL;
  if (cuMemHostAlloc((void**)&rep, nfft * 2 * sizeof(float), CU_MEMHOSTALLOC_WRITECOMBINED) != CUDA_SUCCESS)
    return NULL;
  const size_t n = (size_t)(p->pulse_len * p->fs);
  const double k = p->bandwidth / p->pulse_len;
  for (size_t i = 0; i < nfft; ++i) {
    if (i < n) {
      const double t = (double)i / p->fs - 0.5 * p->pulse_len;
      const double ph = M_PI * k * t * t;
      rep[2 * i] = (float)cos(ph);
      rep[2 * i + 1] = (float)-sin(ph);
    } else {
      rep[2 * i] = rep[2 * i + 1] = 0.f;
    }
  }
  return rep;
}

int sar_range_compress(sar_ctx* ctx, const int16_t* raw_iq, size_t lines, size_t samples) {
  if (lines > ctx->max_lines || samples > ctx->max_samples) return SAR_ERR_FORMAT;
  const size_t nfft = next_pow2(samples + (size_t)(ctx->params.pulse_len * ctx->params.fs));
  float* rep = prepare_chirp_replica(&ctx->params, nfft);
  if (!rep) return SAR_ERR_CUDA;
  for (size_t i = 0; i < lines * samples * 2; ++i) ctx->echo_stage[i] = (float)raw_iq[i];
  CUdeviceptr d_rep = 0;
  CUresult r = cuMemAlloc(&d_rep, nfft * 2 * sizeof(float));
  if (r == CUDA_SUCCESS) r = cuMemcpyHtoDAsync(d_rep, rep, nfft * 2 * sizeof(float), ctx->stream);
  if (r == CUDA_SUCCESS)
    r = cuMemcpyHtoDAsync(ctx->d_work, ctx->echo_stage, lines * samples * 2 * sizeof(float), ctx->stream);
  if (r == CUDA_SUCCESS) {
    unsigned long long nl = lines, ns = samples, nf = nfft;
    void* args[] = {&ctx->d_work, &d_rep, &nl, &ns, &nf};
    r = cuLaunchKernel(ctx->k_range, (unsigned)lines, 1, 1, 256, 1, 1, 0, ctx->stream, args, NULL);
  }
  if (r == CUDA_SUCCESS) r = cuStreamSynchronize(ctx->stream);
  if (d_rep) cuMemFree(d_rep);
  cuMemFreeHost(rep);
  return r == CUDA_SUCCESS ? SAR_OK : SAR_ERR_CUDA;
}
