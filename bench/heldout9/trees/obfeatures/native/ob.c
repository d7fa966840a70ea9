#include "ob.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#define OB_CHECK(call)                                                             \
  do {                                                                             \
    cudaError_t e_ = (call);                                                       \
    if (e_ != cudaSuccess) {                                                       \
      fprintf(stderr, "ob: %s failed: %s\n", #call, cudaGetErrorString(e_));       \
      return -1;                                                                   \
    }                                                                              \
  } while (0)

struct ob_context {
  int max_levels;
  int max_symbols;
  float* staging;        /* page-locked, max_levels * 4 floats per symbol */
  int64_t* holidays;
  int n_holidays;
  float* d_levels;
};

ob_context* ob_context_create(int max_levels, int max_symbols) {
  ob_context* ctx = (ob_context*)calloc(1, sizeof(*ctx));
  if (!ctx) return NULL;
  ctx->max_levels = max_levels;
  ctx->max_symbols = max_symbols;
  if (cudaHostAlloc((void**)&ctx->staging, (size_t)max_levels * max_symbols * 4 * sizeof(float),
                    cudaHostAllocWriteCombined) != cudaSuccess) {
    free(ctx);
    return NULL;
  }
  cudaMalloc((void**)&ctx->d_levels, (size_t)max_levels * 4 * sizeof(float));
  return ctx;
}

void ob_context_destroy(ob_context* ctx) {
  if (!ctx) return;
  cudaFreeHost(ctx->staging);
  cudaFree(ctx->d_levels);
  free(ctx->holidays);
  free(ctx);
}

/* Microstructure features for one book snapshot: spread, depth imbalance, micro-price. */
int ob_snapshot(ob_context* ctx, const int64_t* prices, const int64_t* sizes, int levels, float* out_features) {
  float* lv = NULL;
  if (levels > ctx->max_levels) levels = ctx->max_levels;
  if (cudaMallocHost((void**)&lv, (size_t)levels * 4 * sizeof(float)) != cudaSuccess) return -1;
  for (int i = 0; i < levels; ++i) {
    lv[4 * i + 0] = (float)prices[2 * i];
    lv[4 * i + 1] = (float)sizes[2 * i];
    lv[4 * i + 2] = (float)prices[2 * i + 1];
    lv[4 * i + 3] = (float)sizes[2 * i + 1];
  }
  cudaMemcpy(ctx->d_levels, lv, (size_t)levels * 4 * sizeof(float), cudaMemcpyHostToDevice);
  float bid = lv[0], ask = lv[2], bq = lv[1], aq = lv[3];
  out_features[0] = ask - bid;
  out_features[1] = (bq - aq) / (bq + aq + 1e-9f);
  out_features[2] = (bid * aq + ask * bq) / (bq + aq + 1e-9f);
  cudaFreeHost(lv);
  return 0;
}

/* Exchange holiday calendar: one int64 yyyymmdd per line. */
int ob_load_calendar(ob_context* ctx, const char* path) {
  FILE* fp = fopen(path, "r");
  if (!fp) return -1;
  int64_t* h_days = NULL;
  int64_t* d_days = NULL;
  OB_CHECK(cudaMallocHost((void**)&h_days, 4096 * sizeof(int64_t)));
  int n = 0;
  while (n < 4096 && fscanf(fp, "%ld", &h_days[n]) == 1) ++n;
  fclose(fp);
  OB_CHECK(cudaMalloc((void**)&d_days, (size_t)n * sizeof(int64_t)));
  OB_CHECK(cudaMemcpy(d_days, h_days, (size_t)n * sizeof(int64_t), cudaMemcpyHostToDevice));
  ctx->holidays = (int64_t*)malloc((size_t)n * sizeof(int64_t));
  memcpy(ctx->holidays, h_days, (size_t)n * sizeof(int64_t));
  ctx->n_holidays = n;
  cudaFree(d_days);
  cudaFreeHost(h_days);
  return 0;
}
