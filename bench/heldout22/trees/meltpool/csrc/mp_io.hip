/* Powder-bed packing map in, melt history out. */
#include <stdint.h>
#include <string.h>

#include "mp_internal.h"

#define MP_BED_MAGIC 0x44454250u /* "PBED" */

int mp_load_powder_bed(mp_ctx* ctx, const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f) {
        mp_set_error(path, "cannot open powder-bed map");
        return -1;
    }
    uint32_t hdr[3];
    if (fread(hdr, sizeof hdr, 1, f) != 1 || hdr[0] != MP_BED_MAGIC || hdr[1] != (uint32_t)ctx->nx ||
        hdr[2] != (uint32_t)ctx->ny) {
        fclose(f);
        mp_set_error(path, "powder-bed map does not match the build grid");
        return -1;
    }
    const size_t n = (size_t)ctx->nx * ctx->ny;
    float* bed = NULL;
    MP_TRY(hipHostMalloc((void**)&bed, n * sizeof(float), hipHostMallocDefault));
    const size_t got = fread(bed, sizeof(float), n, f);
    fclose(f);
    if (got != n) {
        hipHostFree(bed);
        mp_set_error(path, "powder-bed map truncated");
        return -1;
    }
    MP_TRY(hipMemcpyAsync(ctx->powder_d, bed, n * sizeof(float), hipMemcpyHostToDevice, ctx->stream));
    MP_TRY(hipStreamSynchronize(ctx->stream));
    hipHostFree(bed);
    return 0;
}

int mp_export_melt_history(mp_ctx* ctx, const char* path) {
    int rc = -1;
    FILE* f = NULL;
    float* depth = NULL;
    const size_t n = (size_t)ctx->nx * ctx->ny;

    if (hipHostMalloc((void**)&depth, n * sizeof(float), hipHostMallocDefault) != hipSuccess) goto cleanup;
    if (hipMemcpyAsync(depth, ctx->depth_d, n * sizeof(float), hipMemcpyDeviceToHost, ctx->stream) != hipSuccess)
        goto cleanup;
    if (hipStreamSynchronize(ctx->stream) != hipSuccess) goto cleanup;
    f = fopen(path, "wb");
    if (!f) goto cleanup;
    if (fwrite(&ctx->nx, sizeof(int), 1, f) != 1 || fwrite(&ctx->ny, sizeof(int), 1, f) != 1) goto cleanup;
    if (fwrite(depth, sizeof(float), n, f) != n) goto cleanup;
    rc = 0;
cleanup:
    if (rc != 0) mp_set_error(path, "melt history export failed");
    if (f) fclose(f);
    if (depth) hipHostFree(depth);
    return rc;
}
