#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccc_ctx ccc_ctx;

ccc_ctx *ccc_create(int n_cones, float voxel_mm);
void ccc_destroy(ccc_ctx *ctx);
int ccc_load_kernel(ccc_ctx *ctx, const char *path);
int ccc_register_ct(ccc_ctx *ctx, float *density, int nx, int ny, int nz);
void ccc_release_ct(ccc_ctx *ctx);
int ccc_dose_beamlet(ccc_ctx *ctx, const float *ray, int beamlet, float *dose_out);
int ccc_write_dvh(ccc_ctx *ctx, const float *dose, const uint8_t *roi, int n_bins, double *dvh);

#ifdef __cplusplus
}
#endif
