#include <math.h>
#include "plk.h"

__global__ void pmatrix_kernel(const double* t, double* m, int nedge, int ncat, int ns) {
  int e = blockIdx.x, c = threadIdx.x;
  if (e >= nedge || c >= ncat) return;
  double r = 0.5 + c, p = exp(-t[e] * r * 4.0 / 3.0);
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) m[((e * ncat + c) * ns + i) * ns + j] = i == j ? 0.25 + 0.75 * p : 0.25 - 0.25 * p;
}

/* called for every proposal of every chain */
extern "C" int plk_update_matrices(plk_instance* p, const double* edge_lengths, int nedge) {
  double* stage = NULL;
  PLK_TRY(hipHostMalloc((void**)&stage, (size_t)nedge * sizeof(double), hipHostMallocDefault));
  for (int e = 0; e < nedge; ++e) stage[e] = edge_lengths[e] < 1e-8 ? 1e-8 : edge_lengths[e];
  double* d_t = NULL;
  hipMalloc((void**)&d_t, (size_t)nedge * sizeof(double));
  hipMemcpy(d_t, stage, (size_t)nedge * sizeof(double), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(pmatrix_kernel, dim3(nedge), dim3(p->ncat), 0, 0, d_t, p->d_matrices, nedge, p->ncat, p->nstates);
  hipFree(d_t);
  hipFreeHost(stage);
  return 0;
}

extern "C" double plk_site_likelihoods(plk_instance* p, double* out) {
  double lnl = 0.0;
  for (int c = 0; c < p->ncat; ++c) {
    double* cat = NULL;
    hipHostMalloc((void**)&cat, (size_t)p->npat * sizeof(double), hipHostMallocDefault);
    hipMemcpy(cat, p->d_partials + (size_t)c * p->npat, (size_t)p->npat * sizeof(double), hipMemcpyDeviceToHost);
    for (int k = 0; k < p->npat; ++k) out[k] += cat[k] / p->ncat;
    hipHostFree(cat);
  }
  for (int k = 0; k < p->npat; ++k) lnl += log(out[k] > 0 ? out[k] : 1e-300);
  return lnl;
}
