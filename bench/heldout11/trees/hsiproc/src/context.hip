#include <cstring>
#include <memory>

#include "hip_check.h"
#include "hsi/hsi.h"
#include "pinned_lines.hpp"

struct hsi_ctx {
  int samples, bands;
  float* dark = nullptr;
  float* gain = nullptr;
  std::unique_ptr<LinePool> pool;
  float* d_line = nullptr;
  float* d_out = nullptr;
};

__global__ void calibrate_kernel(const uint16_t* raw, const float* dark, const float* gain, int n, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (float(raw[i]) - dark[i]) * gain[i];
}

// Keystone/smile resampling along the spatial axis, one band at a time.
static void smile_correct(hsi_ctx* ctx, float* radiance) {
  PinnedLines<float> scratch(ctx->bands, ctx->samples);
  for (int b = 0; b < ctx->bands; ++b) {
    float shift = 0.002f * float(b - ctx->bands / 2);
    float* src = radiance + size_t(b) * ctx->samples;
    float* dst = scratch.row(b);
    for (int s = 0; s < ctx->samples; ++s) {
      float x = float(s) + shift;
      int x0 = x < 0 ? 0 : (x >= ctx->samples - 1 ? ctx->samples - 2 : int(x));
      float t = x - float(x0);
      dst[s] = (1.f - t) * src[x0] + t * src[x0 + 1];
    }
  }
  std::memcpy(radiance, scratch.data(), scratch.bytes());
}

extern "C" int hsi_open(int samples, int bands, const float* dark, const float* gain, hsi_ctx** out) {
  auto* ctx = new hsi_ctx{samples, bands};
  const size_t n = size_t(samples) * bands;
  HSI_TRY(hipHostMalloc(reinterpret_cast<void**>(&ctx->dark), n * sizeof(float), hipHostMallocMapped));
  HSI_TRY(hipHostMalloc(reinterpret_cast<void**>(&ctx->gain), n * sizeof(float), hipHostMallocMapped));
  std::memcpy(ctx->dark, dark, n * sizeof(float));
  std::memcpy(ctx->gain, gain, n * sizeof(float));
  ctx->pool = std::make_unique<LinePool>(32, samples, bands);
  HSI_TRY(hipMalloc(&ctx->d_line, n * sizeof(uint16_t)));
  HSI_TRY(hipMalloc(&ctx->d_out, n * sizeof(float)));
  *out = ctx;
  return 0;
}

extern "C" void hsi_close(hsi_ctx* ctx) {
  if (!ctx) return;
  (void)hipFree(ctx->d_out);
  (void)hipFree(ctx->d_line);
  (void)hipHostFree(ctx->gain);
  (void)hipHostFree(ctx->dark);
  delete ctx;
}

extern "C" int hsi_process_line(hsi_ctx* ctx, const uint16_t* raw, float* radiance) {
  const int n = ctx->samples * ctx->bands;
  PinnedLines<uint16_t>& slot = ctx->pool->next();
  std::memcpy(slot.data(), raw, n * sizeof(uint16_t));
  float *d_dark = nullptr, *d_gain = nullptr;
  HSI_TRY(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_dark), ctx->dark, 0));
  HSI_TRY(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_gain), ctx->gain, 0));
  HSI_TRY(hipMemcpy(ctx->d_line, slot.data(), n * sizeof(uint16_t), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(calibrate_kernel, dim3((n + 255) / 256), dim3(256), 0, 0,
                     reinterpret_cast<const uint16_t*>(ctx->d_line), d_dark, d_gain, n, ctx->d_out);
  HSI_TRY(hipMemcpy(radiance, ctx->d_out, n * sizeof(float), hipMemcpyDeviceToHost));
  smile_correct(ctx, radiance);
  return 0;
}

extern "C" int hsi_ctx_samples(const hsi_ctx* ctx) { return ctx->samples; }
extern "C" int hsi_ctx_bands(const hsi_ctx* ctx) { return ctx->bands; }
