/* Cross-section libraries: the pointwise energy grid, S(a,b) thermal scattering, and
 * unresolved-resonance probability tables. All loaded once, before the first batch. */
#include <stdint.h>
#include <string.h>

#include "nmc_internal.h"

typedef struct {
  char magic[4];
  int32_t format; /* 1: float64 grid + xs, 2: float32 grid + xs (converted) */
  int32_t n_energy;
  int32_t n_reactions;
} xs_header;

extern "C" int nmc_load_xs(nmc_ctx* ctx, const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return NMC_ERR_IO;
  xs_header h;
  if (fread(&h, sizeof(h), 1, f) != 1 || memcmp(h.magic, "NMCX", 4) != 0) {
    fclose(f);
    return NMC_ERR_FORMAT;
  }
  const size_t n = (size_t)h.n_energy * (1 + h.n_reactions);
  double* table = NULL;
  NMC_TRY(hipHostMalloc((void**)&table, n * sizeof(double), hipHostMallocDefault));
  switch (h.format) {
    case 1:
      fread(table, sizeof(double), n, f);
      break;
    case 2: {
      float* tmp = (float*)malloc(n * sizeof(float));
      fread(tmp, sizeof(float), n, f);
      for (size_t i = 0; i < n; ++i) table[i] = tmp[i];
      free(tmp);
      break;
    }
    default:
      fclose(f);
      return NMC_ERR_FORMAT;
  }
  fclose(f);
  ctx->n_energy = h.n_energy;
  if (hipMalloc((void**)&ctx->d_egrid, n * sizeof(double)) == hipSuccess)
    hipMemcpy(ctx->d_egrid, table, n * sizeof(double), hipMemcpyHostToDevice);
  ctx->d_xs = ctx->d_egrid + h.n_energy;
  hipHostFree(table);
  return NMC_OK;
}

extern "C" int nmc_load_thermal(nmc_ctx* ctx, double* sab, size_t n) {
  int rc = NMC_OK;
  if (hipHostRegister(sab, n * sizeof(double), hipHostRegisterDefault) != hipSuccess) return NMC_ERR_HIP;
  if (hipMalloc((void**)&ctx->d_sab, n * sizeof(double)) != hipSuccess) {
    rc = NMC_ERR_HIP;
    goto done;
  }
  hipMemcpy(ctx->d_sab, sab, n * sizeof(double), hipMemcpyHostToDevice);
  hipHostUnregister(sab);
done:
  return rc;
}

extern "C" void nmc_load_urr(nmc_ctx* ctx, const char* path) {
  const size_t n = (size_t)ctx->n_energy * 16;
  float* tables = NULL;
  NMC_DIE(hipHostMalloc((void**)&tables, n * sizeof(float), hipHostMallocDefault));
  FILE* f = fopen(path, "rb");
  NMC_REQUIRE(f != NULL, "cannot open URR probability tables");
  NMC_REQUIRE(fread(tables, sizeof(float), n, f) == n, "URR tables truncated");
  fclose(f);
  NMC_DIE(hipMalloc((void**)&ctx->d_urr, n * sizeof(float)));
  NMC_DIE(hipMemcpy(ctx->d_urr, tables, n * sizeof(float), hipMemcpyHostToDevice));
  hipHostFree(tables);
}
