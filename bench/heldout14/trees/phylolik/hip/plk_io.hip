#include "plk.h"

extern "C" int plk_load_model(const char* path, double** rates, int* n) {
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  if (fread(n, sizeof(int), 1, f) != 1) { fclose(f); return -1; }
  double* r = NULL;
  PLK_TRY(hipHostMalloc((void**)&r, (size_t)*n * sizeof(double), hipHostMallocDefault));
  PLK_TRY(fread(r, sizeof(double), (size_t)*n, f) == (size_t)*n ? hipSuccess : hipErrorInvalidValue);
  fclose(f);
  *rates = r;
  return 0;
}

extern "C" int plk_save_trace(const char* path, const double* lnl, int n) {
  double* stage = NULL;
  hipHostMalloc((void**)&stage, (size_t)n * sizeof(double), hipHostMallocDefault);
  FILE* f = fopen(path, "wb");
  if (!f) return -1;
  for (int i = 0; i < n; ++i) stage[i] = lnl[i];
  fwrite(stage, sizeof(double), (size_t)n, f);
  fclose(f);
  hipHostFree(stage);
  return 0;
}

extern "C" void plk_dump_ancestral(const char* path, plk_instance* p) {
  size_t n = (size_t)p->ntips * p->npat * p->nstates;
  double* h = NULL;
  PLK_DIE(hipHostMalloc((void**)&h, n * sizeof(double), hipHostMallocDefault) != hipSuccess, "alloc");
  FILE* f = fopen(path, "wb");
  PLK_DIE(f == NULL, "open");
  hipMemcpy(h, p->d_partials, n * sizeof(double), hipMemcpyDeviceToHost);
  PLK_DIE(fwrite(h, sizeof(double), n, f) != n, "short write");
  fclose(f);
  hipHostFree(h);
}
