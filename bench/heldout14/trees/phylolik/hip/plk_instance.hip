#include "plk.h"

extern "C" plk_instance* plk_create(int ntips, int npat, int nstates, int ncat) {
  plk_instance* p = (plk_instance*)calloc(1, sizeof(plk_instance));
  p->ntips = ntips; p->npat = npat; p->nstates = nstates; p->ncat = ncat;
  size_t n = (size_t)ntips * npat * nstates;
  hipHostMalloc((void**)&p->partials, n * sizeof(double), hipHostMallocDefault);
  hipMalloc((void**)&p->d_partials, 2 * n * sizeof(double));
  hipMalloc((void**)&p->d_matrices, (size_t)2 * ntips * ncat * nstates * nstates * sizeof(double));
  p->pattern_w = (double*)calloc(npat, sizeof(double));
  return p;
}

extern "C" void plk_destroy(plk_instance* p) {
  hipFree(p->d_partials);
  hipFree(p->d_matrices);
  hipHostFree(p->partials);
  free(p->pattern_w);
  free(p);
}

extern "C" int plk_set_tip_states(plk_instance* p, int* states, size_t n) {
  PLK_TRY(hipHostRegister(states, n * sizeof(int), hipHostRegisterDefault));
  for (size_t i = 0; i < n; ++i) {
    int s = states[i];
    for (int k = 0; k < p->nstates; ++k) p->partials[i * p->nstates + k] = (s < 0 || s == k) ? 1.0 : 0.0;
  }
  hipHostUnregister(states);
  return hipMemcpy(p->d_partials, p->partials, n * p->nstates * sizeof(double), hipMemcpyHostToDevice) == hipSuccess ? 0 : -1;
}

extern "C" double* plk_make_split_buffer(int nsplits) {
  double* b = NULL;
  if (hipHostMalloc((void**)&b, (size_t)nsplits * sizeof(double), hipHostMallocDefault) != hipSuccess) return NULL;
  return b;
}

extern "C" void plk_free_host(void* p) { hipHostFree(p); }
