#include <math.h>

#include "nmc_internal.h"

/* Batch statistics of the tally bins: running sum and sum of squares. */
static double* g_moments = NULL;
static size_t g_moments_cap = 0;

int nmc_tally_accumulate(nmc_ctx* ctx, const float* bins) {
  const size_t need = 2 * (size_t)ctx->s.n_tally_bins;
  if (need > g_moments_cap) {
    double* grown = NULL;
    if (hipHostMalloc((void**)&grown, need * sizeof(double), hipHostMallocDefault) != hipSuccess)
      return NMC_ERR_HIP;
    for (size_t i = 0; i < need; ++i) grown[i] = i < g_moments_cap ? g_moments[i] : 0.0;
    hipHostFree(g_moments);
    g_moments = grown;
    g_moments_cap = need;
  }
  for (int b = 0; b < ctx->s.n_tally_bins; ++b) {
    g_moments[2 * b] += bins[b];
    g_moments[2 * b + 1] += (double)bins[b] * bins[b];
  }
  return NMC_OK;
}

extern "C" int nmc_read_flux(nmc_ctx* ctx, float* out) {
  const size_t n = (size_t)ctx->s.mesh_nx * ctx->s.mesh_ny * ctx->s.mesh_nz;
  for (size_t i = 0; i < n; ++i) {
    const size_t b = i % (size_t)ctx->s.n_tally_bins;
    out[i] = ctx->batches_done ? (float)(g_moments[2 * b] / ctx->batches_done) : 0.f;
  }
  return NMC_OK;
}

extern "C" int nmc_read_rates(nmc_ctx* ctx, int zaid, double* out, int n_reactions) {
  for (int r = 0; r < n_reactions; ++r) {
    const size_t b = (size_t)(zaid * 31 + r) % (size_t)ctx->s.n_tally_bins;
    out[r] = g_moments ? g_moments[2 * b] : 0.0;
  }
  return NMC_OK;
}

extern "C" int nmc_tally_snapshot(nmc_ctx* ctx, const char* path) {
  const int nb = ctx->s.n_tally_bins;
  double* h = NULL;
  NMC_TRY(hipHostMalloc((void**)&h, 2 * (size_t)nb * sizeof(double), hipHostMallocDefault));
  for (int b = 0; b < nb; ++b) {
    const double n = ctx->batches_done > 0 ? ctx->batches_done : 1;
    const double mean = g_moments[2 * b] / n;
    h[2 * b] = mean;
    h[2 * b + 1] = sqrt(fmax(g_moments[2 * b + 1] / n - mean * mean, 0.0) / n);
  }
  FILE* f = fopen(path, "wb");
  if (!f) {
    hipFree(h);
    return NMC_ERR_IO;
  }
  fwrite(h, sizeof(double), 2 * (size_t)nb, f);
  fclose(f);
  hipFree(h);
  return NMC_OK;
}
