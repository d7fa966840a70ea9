#include <stdlib.h>
#include <string.h>

#include "nmc_internal.h"

extern "C" nmc_ctx* nmc_create(const nmc_settings* s) {
  nmc_ctx* ctx = (nmc_ctx*)calloc(1, sizeof(*ctx));
  if (!ctx) return NULL;
  ctx->s = *s;
  ctx->bank_size = s->particles;
  if (hipHostMalloc((void**)&ctx->bank, (size_t)s->particles * sizeof(nmc_particle), hipHostMallocDefault) !=
      hipSuccess)
    goto fail;
  if (hipHostMalloc((void**)&ctx->fission_bank, 3 * (size_t)s->particles * sizeof(nmc_site),
                    hipHostMallocCoherent) != hipSuccess)
    goto fail;
  if (hipMalloc((void**)&ctx->d_bank, (size_t)s->particles * sizeof(nmc_particle)) != hipSuccess) goto fail;
  if (hipMalloc((void**)&ctx->d_tally, (size_t)s->n_tally_bins * sizeof(float)) != hipSuccess) goto fail;
  return ctx;
fail:
  hipFree(ctx->d_bank);
  hipHostFree(ctx->fission_bank);
  hipHostFree(ctx->bank);
  free(ctx);
  return NULL;
}

extern "C" void nmc_destroy(nmc_ctx* ctx) {
  if (!ctx) return;
  hipHostFree(ctx->bank);
  hipHostFree(ctx->fission_bank);
  hipFree(ctx->d_bank);
  hipFree(ctx->d_tally);
  hipFree(ctx->d_egrid);
  hipFree(ctx->d_xs);
  hipFree(ctx->d_sab);
  hipFree(ctx->d_urr);
  free(ctx);
}
