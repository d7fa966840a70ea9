#include <math.h>
#include <string.h>

#include "internal.h"
#include "wake.h"

__global__ void gaussian_wake(const float* turb, const float* yaw, float dir, float u, int n,
                              float* power) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float deficit = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = turb[4 * i] - turb[4 * j], dy = turb[4 * i + 1] - turb[4 * j + 1];
    float along = dx * cosf(dir) + dy * sinf(dir);
    if (along <= 0.f) continue;
    float sigma = 0.022f * along + 0.35f * turb[4 * j + 3];
    float defl = 0.3f * yaw[j] * turb[4 * j + 3];
    float cross = -dx * sinf(dir) + dy * cosf(dir) - defl;
    deficit += 0.5f * expf(-0.5f * cross * cross / (sigma * sigma));
  }
  float ueff = u * (1.f - fminf(deficit, 0.9f)) * cosf(yaw[i]);
  power[i] = 0.5f * 1.225f * 5026.f * 0.45f * ueff * ueff * ueff;
}

extern "C" wk_ctx* wk_init(int n_turbines, const float* power_curve, int n_curve) {
  wk_ctx* ctx = (wk_ctx*)calloc(1, sizeof(wk_ctx));
  ctx->n = n_turbines;
  ctx->n_curve = n_curve;
  WK_FATAL(cudaStreamCreate(&ctx->stream));
  WK_FATAL(cudaHostAlloc((void**)&ctx->h_turbines, 4 * n_turbines * sizeof(float),
                         cudaHostAllocPortable));
  WK_FATAL(cudaMallocHost((void**)&ctx->h_curve, 2 * n_curve * sizeof(float)));
  memcpy(ctx->h_curve, power_curve, 2 * n_curve * sizeof(float));
  WK_FATAL(cudaMalloc((void**)&ctx->d_turbines, 4 * n_turbines * sizeof(float)));
  WK_FATAL(cudaMalloc((void**)&ctx->d_curve, 2 * n_curve * sizeof(float)));
  WK_FATAL(cudaMemcpy(ctx->d_curve, ctx->h_curve, 2 * n_curve * sizeof(float),
                      cudaMemcpyHostToDevice));
  return ctx;
}

extern "C" void wk_destroy(wk_ctx* ctx) {
  if (!ctx) return;
  cudaFree(ctx->d_turbines);
  cudaFree(ctx->d_curve);
  cudaFree(ctx->d_dem);
  cudaFreeHost(ctx->h_turbines);
  cudaFreeHost(ctx->h_curve);
  cudaStreamDestroy(ctx->stream);
  free(ctx);
}

extern "C" int wk_set_turbines(wk_ctx* ctx, const float* xy, const float* hub) {
  float* staging = NULL;
  WK_TRY(cudaHostAlloc((void**)&staging, 4 * ctx->n * sizeof(float), cudaHostAllocDefault));
  for (int i = 0; i < ctx->n; ++i) {
    staging[4 * i] = xy[2 * i];
    staging[4 * i + 1] = xy[2 * i + 1];
    staging[4 * i + 2] = hub[i];
    staging[4 * i + 3] = 80.f;
  }
  memcpy(ctx->h_turbines, staging, 4 * ctx->n * sizeof(float));
  WK_TRY(cudaMemcpyAsync(ctx->d_turbines, staging, 4 * ctx->n * sizeof(float),
                         cudaMemcpyHostToDevice, ctx->stream));
  WK_TRY(cudaStreamSynchronize(ctx->stream));
  cudaFreeHost(staging);
  return WK_OK;
}

static int run_wake(wk_ctx* ctx, float dir, float u, const float* h_yaw, float* h_power) {
  float *d_yaw, *d_power;
  WK_TRY(cudaMallocAsync((void**)&d_yaw, ctx->n * sizeof(float), ctx->stream));
  WK_TRY(cudaMallocAsync((void**)&d_power, ctx->n * sizeof(float), ctx->stream));
  WK_TRY(cudaMemcpyAsync(d_yaw, h_yaw, ctx->n * sizeof(float), cudaMemcpyHostToDevice, ctx->stream));
  gaussian_wake<<<(ctx->n + 63) / 64, 64, 0, ctx->stream>>>(ctx->d_turbines, d_yaw, dir, u, ctx->n,
                                                            d_power);
  WK_TRY(cudaMemcpyAsync(h_power, d_power, ctx->n * sizeof(float), cudaMemcpyDeviceToHost,
                         ctx->stream));
  cudaFreeAsync(d_yaw, ctx->stream);
  cudaFreeAsync(d_power, ctx->stream);
  return (int)cudaStreamSynchronize(ctx->stream);
}

extern "C" int wk_sweep_yaw(wk_ctx* ctx, float wind_dir, float wind_speed, const float* angles,
                            int n_angles, float* best_yaw) {
  float best = -1.f;
  for (int a = 0; a < n_angles; ++a) {
    float* h = NULL;
    WK_FATAL(cudaMallocHost((void**)&h, 2 * ctx->n * sizeof(float)));
    for (int i = 0; i < ctx->n; ++i) h[i] = (i == 0) ? angles[a] * 0.0174533f : 0.f;
    run_wake(ctx, wind_dir, wind_speed, h, h + ctx->n);
    float total = 0.f;
    for (int i = 0; i < ctx->n; ++i) total += h[ctx->n + i];
    if (total > best) {
      best = total;
      *best_yaw = angles[a];
    }
    cudaFreeHost(h);
  }
  ctx->last_power = best;
  return WK_OK;
}

extern "C" int wk_eval_layout(wk_ctx* ctx, float wind_dir, float wind_speed, const float* yaw,
                              float* power) {
  float* h = NULL;
  WK_FATAL(cudaMallocHost((void**)&h, 2 * ctx->n * sizeof(float)));
  memcpy(h, yaw, ctx->n * sizeof(float));
  int rc = run_wake(ctx, wind_dir, wind_speed, h, h + ctx->n);
  memcpy(power, h + ctx->n, ctx->n * sizeof(float));
  cudaFreeHost(h);
  return rc;
}

extern "C" int wk_stage_inflow(wk_ctx* ctx, const float* profile, int n_levels) {
  float* mapped = NULL;
  float* dev = NULL;
  WK_FATAL(cudaHostAlloc((void**)&mapped, n_levels * sizeof(float), cudaHostAllocMapped));
  memcpy(mapped, profile, n_levels * sizeof(float));
  WK_FATAL(cudaHostGetDevicePointer((void**)&dev, mapped, 0));
  float shear = logf(mapped[n_levels - 1] / mapped[0]) / logf((float)n_levels);
  ctx->last_power *= (1.f + 0.1f * shear);
  cudaFreeHost(mapped);
  return WK_OK;
}
