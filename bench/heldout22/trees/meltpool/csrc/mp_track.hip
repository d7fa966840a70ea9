/* Goldak double-ellipsoid source moved along a scan vector. */
#include <math.h>

#include "mp_internal.h"

__global__ void goldak_pass(float* temp, float* depth, int nx, int ny, int nz, float dx, mp_vector v,
                            const mp_material* mat, float* out /* [peak_k, depth_um, samples...] */) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nx * ny) return;
    const float x = (i % nx) * dx * 1e-3f, y = (i / nx) * dx * 1e-3f;
    const float ux = v.x1 - v.x0, uy = v.y1 - v.y0;
    const float len = sqrtf(ux * ux + uy * uy) + 1e-9f;
    const float t = fmaxf(0.f, fminf(1.f, ((x - v.x0) * ux + (y - v.y0) * uy) / (len * len)));
    const float d2 = (x - v.x0 - t * ux) * (x - v.x0 - t * ux) + (y - v.y0 - t * uy) * (y - v.y0 - t * uy);
    const float q = mat->absorptivity * v.power_w / (v.speed_mm_s + 1.f);
    const float rise = q * expf(-d2 / 0.0036f) / (mat->rho * mat->cp) * 1e6f;
    temp[i] += rise;
    if (temp[i] > mat->t_liquidus) depth[i] = fmaxf(depth[i], sqrtf(rise) * dx);
    atomicMax((int*)&out[0], __float_as_int(temp[i]));
    atomicMax((int*)&out[1], __float_as_int(depth[i]));
}

int mp_scan_track(mp_ctx* ctx, const mp_vector* v, float* peak_temp_k) {
    float* out = NULL;
    const int cells = ctx->nx * ctx->ny;
    MP_TRY(hipHostMalloc((void**)&out, 2 * sizeof(float), hipHostMallocMapped));
    out[0] = out[1] = 0.f;
    float* out_d = NULL;
    hipHostGetDevicePointer((void**)&out_d, out, 0);
    goldak_pass<<<(cells + 255) / 256, 256, 0, ctx->stream>>>(ctx->temp_d, ctx->depth_d, ctx->nx, ctx->ny, ctx->nz,
                                                             ctx->dx_um, *v, ctx->material_h, out_d);
    const hipError_t e = hipStreamSynchronize(ctx->stream);
    *peak_temp_k = out[0];
    hipHostFree(out);
    if (e != hipSuccess) {
        mp_set_error("mp_scan_track", hipGetErrorString(e));
        return -1;
    }
    return 0;
}

int mp_scan_layer(mp_ctx* ctx, const mp_vector* vecs, int n, float* melt_depth_um) {
    const int cells = ctx->nx * ctx->ny;
    float deepest = 0.f;
    for (int i = 0; i < n; ++i) {
        float* out = NULL;
        MP_TRY(hipHostMalloc((void**)&out, 2 * sizeof(float), hipHostMallocMapped | hipHostMallocNonCoherent));
        out[0] = out[1] = 0.f;
        float* out_d = NULL;
        hipHostGetDevicePointer((void**)&out_d, out, 0);
        goldak_pass<<<(cells + 255) / 256, 256, 0, ctx->stream>>>(ctx->temp_d, ctx->depth_d, ctx->nx, ctx->ny,
                                                                 ctx->nz, ctx->dx_um, vecs[i], ctx->material_h, out_d);
        hipStreamSynchronize(ctx->stream);
        deepest = fmaxf(deepest, out[1]);
        hipHostFree(out);
    }
    *melt_depth_um = deepest;
    return 0;
}
