/* libmeltpool: scan-vector heat source and melt-pool tracking (HIP). */
#ifndef MP_API_H
#define MP_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mp_ctx mp_ctx;

typedef struct {
    float x0, y0, x1, y1;   /* mm */
    float power_w;
    float speed_mm_s;
} mp_vector;

mp_ctx* mp_create(int device, int nx, int ny, int nz, float dx_um, const char* material);
void mp_destroy(mp_ctx* ctx);
int mp_scan_track(mp_ctx* ctx, const mp_vector* v, float* peak_temp_k);
int mp_scan_layer(mp_ctx* ctx, const mp_vector* vecs, int n, float* melt_depth_um);
int mp_load_powder_bed(mp_ctx* ctx, const char* path);
int mp_attach_plate_image(mp_ctx* ctx, unsigned char* img, size_t n_bytes, int width, int height);
int mp_export_melt_history(mp_ctx* ctx, const char* path);
const char* mp_error(void);

#ifdef __cplusplus
}
#endif
#endif
