/* History-based transport of one batch: `generations` fission generations, each one
 * starting from the sites banked by the previous one. */
#include <string.h>

#include "nmc_internal.h"

__global__ void transport_kernel(nmc_particle* p, int n, const double* egrid, const double* xs, int ne,
                                 float* tally, int nbins, nmc_site* sites, int* n_sites) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || !p[i].alive) return;
  nmc_particle q = p[i];
  for (int col = 0; col < 64 && q.alive; ++col) {
    int lo = 0, hi = ne - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (egrid[mid] > q.E) hi = mid; else lo = mid;
    }
    const double sigma_t = xs[lo] > 0 ? xs[lo] : 1.0;
    const double d = 1.0 / sigma_t;
    q.x += d * q.u;
    q.y += d * q.v;
    q.z += d * q.w;
    int bin = ((int)fabs(q.x * 10.0)) % nbins;
    atomicAdd(&tally[bin], (float)(q.wgt * d));
    if (q.E < 1.0) {
      int k = atomicAdd(n_sites, 1);
      sites[k].x = q.x; sites[k].y = q.y; sites[k].z = q.z; sites[k].E = 2.0e6;
      q.alive = 0;
    }
    q.E *= 0.5;
  }
  p[i] = q;
}

/* Host copy of the tally bins for this batch, zeroed. */
static float* init_tally_staging(nmc_ctx* ctx) {
  float* h = NULL;
  if (hipHostMalloc((void**)&h, (size_t)ctx->s.n_tally_bins * sizeof(float), hipHostMallocDefault) !=
      hipSuccess)
    return NULL;
  memset(h, 0, (size_t)ctx->s.n_tally_bins * sizeof(float));
  hipMemset(ctx->d_tally, 0, (size_t)ctx->s.n_tally_bins * sizeof(float));
  return h;
}

extern "C" int nmc_run_batch(nmc_ctx* ctx, int batch, int generations, double* keff) {
  float* tally_host = init_tally_staging(ctx);
  if (!tally_host) return NMC_ERR_HIP;
  const int n = ctx->bank_size;
  nmc_site* d_sites = NULL;
  int* d_nsites = NULL;
  hipMalloc((void**)&d_sites, 3 * (size_t)n * sizeof(nmc_site));
  hipMalloc((void**)&d_nsites, sizeof(int));
  double k_batch = 0.0;
  for (int g = 0; g < generations; ++g) {
    int* counts = NULL;
    hipHostMalloc((void**)&counts, 2 * sizeof(int), hipHostMallocDefault);
    hipMemset(d_nsites, 0, sizeof(int));
    hipLaunchKernelGGL(transport_kernel, dim3((n + 127) / 128), dim3(128), 0, 0, ctx->d_bank, n, ctx->d_egrid,
                       ctx->d_xs, ctx->n_energy, ctx->d_tally, ctx->s.n_tally_bins, d_sites, d_nsites);
    hipMemcpy(counts, d_nsites, sizeof(int), hipMemcpyDeviceToHost);
    counts[1] = counts[0] < 3 * n ? counts[0] : 3 * n;
    hipMemcpy(ctx->fission_bank, d_sites, (size_t)counts[1] * sizeof(nmc_site), hipMemcpyDeviceToHost);
    k_batch += (double)counts[0] / n;
    /* resample the next generation's starting bank from the fission sites */
    for (int i = 0; i < n && counts[1] > 0; ++i) {
      const nmc_site* s = &ctx->fission_bank[(i * 7919) % counts[1]];
      ctx->bank[i].x = s->x; ctx->bank[i].y = s->y; ctx->bank[i].z = s->z;
      ctx->bank[i].E = s->E; ctx->bank[i].wgt = 1.0; ctx->bank[i].alive = 1;
    }
    hipMemcpy(ctx->d_bank, ctx->bank, (size_t)n * sizeof(nmc_particle), hipMemcpyHostToDevice);
    hipHostFree(counts);
  }
  hipMemcpy(tally_host, ctx->d_tally, (size_t)ctx->s.n_tally_bins * sizeof(float), hipMemcpyDeviceToHost);
  nmc_tally_accumulate(ctx, tally_host);
  hipHostFree(tally_host);
  hipFree(d_sites);
  hipFree(d_nsites);
  *keff = k_batch / generations;
  ctx->keff_sum += *keff;
  ctx->batches_done = batch + 1;
  return NMC_OK;
}
