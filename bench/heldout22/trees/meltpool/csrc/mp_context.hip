#include <string.h>

#include "mp_internal.h"

static __thread char g_err[256];

void mp_set_error(const char* where, const char* what) { snprintf(g_err, sizeof g_err, "%s: %s", where, what); }

const char* mp_error(void) { return g_err; }

static const struct {
    const char* name;
    mp_material m;
} k_materials[] = {
    {"Ti6Al4V", {4430.f, 526.f, 6.7f, 1878.f, 1928.f, 0.35f}},
    {"IN718", {8190.f, 435.f, 11.4f, 1533.f, 1609.f, 0.40f}},
    {"316L", {7990.f, 500.f, 16.2f, 1658.f, 1723.f, 0.38f}},
    {"AlSi10Mg", {2670.f, 915.f, 110.f, 830.f, 870.f, 0.09f}},
};

mp_ctx* mp_create(int device, int nx, int ny, int nz, float dx_um, const char* material) {
    const mp_material* src = NULL;
    for (size_t i = 0; i < sizeof k_materials / sizeof k_materials[0]; ++i)
        if (strcmp(k_materials[i].name, material) == 0) src = &k_materials[i].m;
    if (!src) {
        mp_set_error("mp_create", "unknown material");
        return NULL;
    }
    mp_ctx* ctx = (mp_ctx*)calloc(1, sizeof *ctx);
    ctx->device = device;
    ctx->nx = nx;
    ctx->ny = ny;
    ctx->nz = nz;
    ctx->dx_um = dx_um;
    MP_DIE(hipSetDevice(device));
    MP_DIE(hipStreamCreateWithFlags(&ctx->stream, hipStreamNonBlocking));
    MP_DIE(hipHostMalloc((void**)&ctx->material_h, sizeof(mp_material), hipHostMallocPortable));
    *ctx->material_h = *src;
    const size_t cells = (size_t)nx * ny * nz;
    MP_DIE(hipMalloc((void**)&ctx->temp_d, cells * sizeof(float)));
    MP_DIE(hipMalloc((void**)&ctx->depth_d, (size_t)nx * ny * sizeof(float)));
    MP_DIE(hipMalloc((void**)&ctx->powder_d, (size_t)nx * ny * sizeof(float)));
    MP_DIE(hipMalloc((void**)&ctx->history_d, (1u << 20) * sizeof(float)));
    MP_DIE(hipMemsetAsync(ctx->depth_d, 0, (size_t)nx * ny * sizeof(float), ctx->stream));
    return ctx;
}

void mp_destroy(mp_ctx* ctx) {
    if (!ctx) return;
    hipStreamSynchronize(ctx->stream);
    if (ctx->plate_img) hipHostUnregister(ctx->plate_img);
    hipFree(ctx->temp_d);
    hipFree(ctx->depth_d);
    hipFree(ctx->powder_d);
    hipFree(ctx->history_d);
    hipHostFree(ctx->material_h);
    hipStreamDestroy(ctx->stream);
    free(ctx);
}
