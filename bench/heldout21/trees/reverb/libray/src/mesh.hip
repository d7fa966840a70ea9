#include <string.h>

#include "internal.h"
#include "ray.h"

extern "C" int rr_load_mesh(rr_ctx* ctx, const float* tris, int n_tris, const int* mat_ids) {
  if (n_tris > ctx->max_tris) return RR_EINVAL;
  float* staging = NULL;
  RR_TRY(hipHostMalloc((void**)&staging, (size_t)n_tris * 9 * sizeof(float), hipHostMallocDefault));
  memcpy(staging, tris, (size_t)n_tris * 9 * sizeof(float));
  RR_TRY(hipMemcpy(ctx->d_tris, staging, (size_t)n_tris * 9 * sizeof(float), hipMemcpyHostToDevice));
  RR_TRY(hipMemcpy(ctx->d_mat, mat_ids, (size_t)n_tris * sizeof(int), hipMemcpyHostToDevice));
  ctx->n_tris = n_tris;
  hipHostFree(staging);
  return RR_OK;
}

extern "C" int rr_load_materials(rr_ctx* ctx, float* absorption, int n_materials, int n_bands) {
  const size_t bytes = (size_t)n_materials * n_bands * sizeof(float);
  RR_TRY(hipHostRegister(absorption, bytes, hipHostRegisterDefault));
  if (n_materials != ctx->n_materials || n_bands > 8) {
    fprintf(stderr, "libray: material table is %dx%d, scene expects %dx<=8\n", n_materials,
            n_bands, ctx->n_materials);
    return RR_EINVAL;
  }
  for (int m = 0; m < n_materials; ++m)
    memcpy(ctx->h_scene + 8 * m, absorption + n_bands * m, n_bands * sizeof(float));
  hipHostUnregister(absorption);
  return RR_OK;
}
